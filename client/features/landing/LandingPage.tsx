import { BarChart3, FileText, Users } from 'lucide-react';
import { Link } from 'wouter';
import { PRICES_USD, RULES_WRITER_SITE_TEXT } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { PageMeta } from '../../components/ui/page-meta';
import { formatUsd } from '../../lib/report-format';
import { useSiteConfig } from '../../lib/site-config';

const FEATURES = [
  {
    icon: BarChart3,
    title: 'Comprehensive Analysis',
    text: 'Twelve weighted research categories, from market depth and supply to audits and past hacks, combine into one score on a 77-point methodology.',
  },
  {
    icon: Users,
    title: 'Multi-Agent Research',
    text: 'Twelve research agents work in parallel, one per category. Each finding names its source and when it was retrieved.',
  },
  {
    icon: FileText,
    title: 'Professional Reports',
    text: 'Read the report on screen or download it as a PDF: executive summary, category scores, detailed analysis and a risk level.',
  },
];

export function LandingPage() {
  const { appName, reportWriter } = useSiteConfig();
  return (
    <div>
      <PageMeta meta={PAGES.home.meta} />
      <section className="border-b border-border bg-card">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <Badge tone="warning">BETA</Badge>
          <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">
            Research a crypto asset before you trust it
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">
            {appName} turns public data into an honest, sourced report: twelve categories, each scored 1 to 5
            and explained. Research takes 2-5 minutes.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link href="/register">Register</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link href="/login">Sign In</Link>
            </Button>
          </div>
          <p className="mt-6 text-sm">
            {/* The sample is a server-rendered page: a full navigation, not a client route. */}
            <a className="underline" href="/sample-report" data-testid="sample-report-link">
              Read a complete sample report
            </a>{' '}
            (
            <a className="underline" href="/sample-report.pdf">
              PDF
            </a>
            ), free and without an account.
          </p>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <Icon className="text-accent" aria-hidden />
              <CardTitle className="mt-3 text-lg">{title}</CardTitle>
              <CardDescription className="mt-2">{text}</CardDescription>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="pricing-heading" className="border-t border-border bg-subtle">
        <div className="mx-auto max-w-4xl px-4 py-14">
          <h2 id="pricing-heading" className="text-center text-3xl font-bold">
            Pricing
          </h2>
          <p className="mt-2 text-center text-muted">
            Pay once per report, by card or on Cardano (ADA or CROW).
          </p>
          <div className="mt-8 grid gap-6 sm:grid-cols-2">
            <Card>
              <CardTitle>New report</CardTitle>
              <p className="mt-3 text-4xl font-bold">{formatUsd(PRICES_USD.new_report)}</p>
              <CardDescription className="mt-2">
                One-time. Complete AI analysis with 12 research categories.
              </CardDescription>
              {reportWriter === 'rules' && (
                <p className="mt-2 text-sm text-muted" data-testid="pricing-writer">
                  {RULES_WRITER_SITE_TEXT}
                </p>
              )}
              <p className="mt-3 text-sm">
                <a className="underline" href="/sample-report" data-testid="pricing-sample-link">
                  See what it buys: a sample report
                </a>
              </p>
            </Card>
            <Card>
              <CardTitle>Existing report</CardTitle>
              <p className="mt-3 text-4xl font-bold">{formatUsd(PRICES_USD.existing_report)}</p>
              <CardDescription className="mt-2">
                One-time. Access a finished public report from the marketplace.
              </CardDescription>
            </Card>
          </div>
          <p className="mt-6 text-center text-sm text-muted">
            Beta: found something wrong? Sign in and report a bug; we read every report.
          </p>
        </div>
      </section>
    </div>
  );
}
