import { AlertTriangle } from 'lucide-react';
import { PAGES } from '../../../contract/pages';
import { useSiteConfig } from '../../lib/site-config';
import { BulletList, formatPolicyDate, LegalLayout, LegalSection, MailLink, SubHeading } from './LegalLayout';

/** The cookie table, as specified. */
export const COOKIE_TABLE = [
  { cookie: 'session_id', lifetime: 'session', type: 'essential', purpose: 'session' },
  { cookie: 'theme_preference', lifetime: '1 year', type: 'functional', purpose: 'dark/light mode' },
  { cookie: 'analytics_id', lifetime: '2 years', type: 'analytics', purpose: 'analytics' },
  { cookie: 'research_prefs', lifetime: '6 months', type: 'functional', purpose: 'preferences' },
] as const;

const BROWSERS = [
  {
    name: 'Chrome',
    steps:
      'Settings → Privacy and security → Third-party cookies (or Cookies and other site data) → See all site data and permissions.',
  },
  {
    name: 'Firefox',
    steps: 'Settings → Privacy & Security → Cookies and Site Data → Manage Data.',
  },
  {
    name: 'Safari',
    steps:
      'Settings (Preferences on older versions) → Privacy → Manage Website Data; "Block all cookies" turns them off.',
  },
  {
    name: 'Edge',
    steps: 'Settings → Cookies and site permissions → Manage and delete cookies and site data.',
  },
] as const;

export function CookiePolicyPage() {
  const { appName, privacyEmail, cookiePolicyUpdated } = useSiteConfig();
  return (
    <LegalLayout
      meta={PAGES.cookiePolicy.meta}
      title="Cookie Policy"
      intro={
        <p data-testid="cookie-policy-updated">
          Last updated: <time dateTime={cookiePolicyUpdated}>{formatPolicyDate(cookiePolicyUpdated)}</time>
        </p>
      }
    >
      <LegalSection title="What are cookies">
        <p>
          Cookies are small text files a website stores in your browser. They let the site remember you
          between pages and visits, for example that you are signed in or that you prefer the dark theme. This
          policy explains which cookies {appName} uses and how you can control them.
        </p>
      </LegalSection>

      <LegalSection title="Types of cookies we use">
        <SubHeading>Essential cookies</SubHeading>
        <p>
          Needed for the site to work: session management, security and basic functionality. They cannot be
          disabled, because without them you could not sign in or buy a report.
        </p>
        <SubHeading>Analytics cookies</SubHeading>
        <p>
          Help us understand how the site is used: usage statistics, performance metrics and behaviour
          patterns, so we can fix slow or confusing pages.
        </p>
        <SubHeading>Functional cookies</SubHeading>
        <p>Remember your choices: language, theme (dark or light mode) and research history.</p>
        <SubHeading>Third-party cookies</SubHeading>
        <p>
          Set by the services we work with: analytics providers, the AI service provider and performance
          monitoring providers.
        </p>
      </LegalSection>

      <LegalSection title="Cookies on this site">
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">Cookies used by {appName}</caption>
            <thead className="border-b border-border bg-subtle">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                  Cookie
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                  Lifetime
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                  Purpose
                </th>
              </tr>
            </thead>
            <tbody>
              {COOKIE_TABLE.map((row) => (
                <tr key={row.cookie} className="border-b border-border bg-card last:border-0">
                  <td className="break-all px-2 py-2 sm:px-3 font-mono">{row.cookie}</td>
                  <td className="px-2 py-2 sm:px-3">{row.lifetime}</td>
                  <td className="px-2 py-2 sm:px-3">{row.type}</td>
                  <td className="px-2 py-2 sm:px-3">{row.purpose}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm text-muted">
          We do not set <code>analytics_id</code> or <code>research_prefs</code> at present; they are listed
          so that this policy already describes them, and we will update this page before we start.
        </p>
        <p className="mt-3 text-sm">
          The <code>session_id</code> cookie holds only a random token. The session it opens is recorded on
          our servers with the time it started, the time it was last used (to within a few minutes) and your
          browser's User-Agent, so that your account page can list where you are signed in and let you end a
          session. The record is deleted when the session ends. The emails we send contain no tracking pixels
          and set no cookies.
        </p>
      </LegalSection>

      <LegalSection title="Managing cookies in your browser">
        <p>Every browser lets you see, delete and block cookies:</p>
        <BulletList
          items={BROWSERS.map((browser) => (
            <>
              <strong>{browser.name}:</strong> {browser.steps}
            </>
          ))}
        />
        <div
          role="note"
          className="flex gap-3 rounded-md border border-warning/60 bg-warning/10 p-4 text-fg"
          aria-label="Warning"
        >
          <AlertTriangle size={20} className="mt-0.5 shrink-0 text-warning" aria-hidden />
          <p>
            <strong>Warning:</strong> disabling cookies may limit features of the site. Without the essential
            session cookie you cannot sign in, buy or read reports.
          </p>
        </div>
      </LegalSection>

      <LegalSection title="Updates to this policy">
        <p>
          We may update this policy when we change the cookies we use. The date at the top shows the latest
          version; material changes are announced on this page at least 30 days before they take effect.
        </p>
      </LegalSection>

      <LegalSection title="Contact">
        <p>
          Questions about cookies? Email <MailLink email={privacyEmail} subject="Cookie Policy Inquiry" />{' '}
          with the subject "Cookie Policy Inquiry". We answer within 30 days.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
