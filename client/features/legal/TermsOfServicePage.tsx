import { Link } from 'wouter';
import { PRICES_USD } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import { formatUsd } from '../../lib/report-format';
import { useSiteConfig } from '../../lib/site-config';
import { BulletList, LegalLayout, LegalSection, MailLink } from './LegalLayout';

const LINK = 'text-primary underline';

export function TermsOfServicePage() {
  const { appName, supportEmail, privacyEmail } = useSiteConfig();
  return (
    <LegalLayout
      meta={PAGES.termsOfService.meta}
      title="Terms of Service"
      intro={<p>The terms under which {appName} sells and provides research reports.</p>}
    >
      <LegalSection title="Agreement">
        <p>
          By creating an account or buying a report you agree to these terms. If you do not agree, do not use
          the service. {appName} is in beta: features may change, and the service may be unavailable at times.
        </p>
      </LegalSection>

      <LegalSection title="Your account">
        <BulletList
          items={[
            'You must be at least 18 and give a real email address.',
            'Keep your password secret; you are responsible for what happens under your account.',
            'One person per account. Tell us at once if you think someone else has used yours.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Reports and prices">
        <p>
          A new research report on a crypto asset of your choice costs {formatUsd(PRICES_USD.new_report)}.
          Access to an existing report from the marketplace costs {formatUsd(PRICES_USD.existing_report)}. The
          price shown at checkout is the price you pay; it is set by us, not by the page you came from. A
          report is produced by automated research agents that score the asset across 12 categories on a
          77-point methodology, described on the{' '}
          <Link href="/documentation" className={LINK}>
            methodology page
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection title="Payment">
        <BulletList
          items={[
            'Card payments are processed by our card payment provider.',
            'Cardano payments (ADA or the CROW token) must reach the payment address shown, for the amount quoted, within the 30-minute payment window. A payment that arrives late is still credited to you.',
            'If less than the quoted amount arrives, the purchase stays pending; contact support and we will sort it out.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Refunds">
        <p>
          If we cannot produce a report you paid for, you may choose a refund or a new attempt. Because a
          report is delivered as soon as it is generated, a completed report is otherwise not refundable.
          Blockchain payments are refunded in the currency received, to an address you give us.
        </p>
      </LegalSection>

      <LegalSection title="How you may use reports">
        <p>
          You may read, download and keep the reports you bought for your own use. You may quote short
          extracts with attribution. You may not resell, republish in full or redistribute them.
        </p>
      </LegalSection>

      <LegalSection title="Not financial advice">
        <p>
          Reports are information and education, not financial, investment, legal or tax advice. AI analysis
          can be wrong or out of date. Read the full{' '}
          <Link href="/disclaimer" className={LINK}>
            Disclaimer
          </Link>
          ; it is part of these terms.
        </p>
      </LegalSection>

      <LegalSection title="Acceptable use">
        <BulletList
          items={[
            'Do not attack, overload or probe the service, or try to reach data that is not yours.',
            'Do not scrape the service or use it to build a competing product.',
            'Do not use the service to break the law.',
          ]}
        />
        <p>We may suspend accounts that break these rules.</p>
      </LegalSection>

      <LegalSection title="Limitation of liability">
        <p>
          The service is provided as it is. To the extent the law allows, our total liability to you is
          limited to the amount you paid us in the 12 months before the claim, and we are not liable for
          trading or investment losses. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </LegalSection>

      <LegalSection title="Ending your account">
        <p>
          You may close your account at any time by writing to support. We may close accounts that break these
          terms. Reports you bought stay available to you while your account exists.
        </p>
      </LegalSection>

      <LegalSection title="Changes to these terms">
        <p>
          We will give you at least 30 days' notice by email and on this page before a material change to
          these terms takes effect. If you keep using the service after that, the new terms apply.
        </p>
      </LegalSection>

      <LegalSection title="Contact">
        <p>
          Questions about these terms: <MailLink email={supportEmail} />. Privacy questions:{' '}
          <MailLink email={privacyEmail} />. We answer every inquiry within 30 days.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
