import { Link } from 'wouter';
import { copyrightYear, FINANCIAL_DISCLAIMER } from '../../contract/constants';
import { useSiteConfig } from '../lib/site-config';

const LINK = 'flex min-h-11 items-center text-sm text-muted hover:text-fg hover:underline';

/** The financial disclaimer that every page carries. */
export function Disclaimer() {
  return (
    <aside aria-label="Financial disclaimer" className="border-t border-border bg-subtle">
      <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted">
        <strong className="text-fg">Disclaimer:</strong> {FINANCIAL_DISCLAIMER}{' '}
        <Link href="/disclaimer" className="inline-flex min-h-11 min-w-11 items-center underline">
          Read the full disclaimer
        </Link>
        .
      </p>
    </aside>
  );
}

export function Footer() {
  const { appName, supportEmail, reportWriter } = useSiteConfig();
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <div>
          <p className="font-semibold">{appName}</p>
          <p className="mt-1 text-sm text-muted">
            {/* Who writes the reports (decision 0344): the published rules when no AI model is configured. */}
            Sourced{reportWriter === 'rules' ? ', rule-written' : ', AI-assisted'} research on crypto assets.
            Beta.
          </p>
        </div>
        <nav aria-label="Product" className="flex flex-col">
          <Link href="/search" className={LINK}>
            Search reports
          </Link>
          <Link href="/documentation" className={LINK}>
            Research Methodology
          </Link>
          {/* A server document of its own (not an app route): a plain link loads it. */}
          <a href="/track-record" className={LINK}>
            Track Record
          </a>
          <a href="/api-docs" className={LINK}>
            API Reference
          </a>
          <Link href="/status" className={LINK}>
            Status
          </Link>
          <a href={`mailto:${supportEmail}`} className={LINK}>
            Contact
          </a>
        </nav>
        <nav aria-label="Legal" className="flex flex-col">
          <Link href="/disclaimer" className={LINK}>
            Disclaimer
          </Link>
          <Link href="/privacy-policy" className={LINK}>
            Privacy Policy
          </Link>
          <Link href="/terms-of-service" className={LINK}>
            Terms of Service
          </Link>
          <Link href="/cookie-policy" className={LINK}>
            Cookie Policy
          </Link>
        </nav>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted">
        © {copyrightYear()} {appName}. All rights reserved.
      </p>
    </footer>
  );
}
