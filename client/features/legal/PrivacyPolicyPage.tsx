import { Link } from 'wouter';
import { PAGES } from '../../../contract/pages';
import { useSiteConfig } from '../../lib/site-config';
import { BulletList, LegalLayout, LegalSection, MailLink } from './LegalLayout';

export function PrivacyPolicyPage() {
  const { appName, privacyEmail, supportEmail } = useSiteConfig();
  return (
    <LegalLayout
      meta={PAGES.privacyPolicy.meta}
      title="Privacy Policy"
      intro={<p>How {appName} handles the personal data of the people who use it.</p>}
    >
      <LegalSection title="Who we are">
        <p>
          {appName} is a beta web service that sells AI-assisted research reports on crypto assets. This
          policy explains what personal data we keep, why we keep it, who else sees it, and the rights you
          have. It applies to the website, its API and the emails we send about your account.
        </p>
      </LegalSection>

      <LegalSection title="What we collect">
        <BulletList
          items={[
            <>
              <strong>Account data:</strong> your username and email address, and your password, which we
              store only as a salted one-way hash. We never see or keep the password itself.
            </>,
            <>
              <strong>Sessions:</strong> for each device where you are signed in, when the session started,
              when it was last used (to within a few minutes) and your browser's User-Agent string, so that
              the account page can list your sessions and let you end them.
            </>,
            <>
              <strong>Emails we send you:</strong> receipts, password reset links and notices about the
              reports you bought. We keep a record of each (type, address, subject, time and whether it was
              delivered); the message text is deleted once it has been handed to the mail server. A reset link
              is stored only as a one-way hash, works once and expires after one hour.
            </>,
            <>
              <strong>Purchases:</strong> which reports you bought, when, the price and the payment method.
              Card payments are handled by our card payment provider; card numbers never reach our servers.
            </>,
            <>
              <strong>Cardano payments:</strong> the receive address we created for your payment, the amount
              and the transaction data. Blockchain transactions are public by nature and cannot be erased by
              anyone.
            </>,
            <>
              <strong>Bug reports:</strong> what you write in the bug form, including the name, email, browser
              and device details you choose to send.
            </>,
            <>
              <strong>Technical data:</strong> server logs with your IP address, the pages and API calls
              requested, and error details, kept to run the service securely.
            </>,
            <>
              <strong>Cookies:</strong> see the{' '}
              <Link href="/cookie-policy" className="text-primary underline">
                Cookie Policy
              </Link>
              .
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="Why we use it">
        <BulletList
          items={[
            'To create and secure your account and keep you signed in (performance of our contract with you).',
            'To take payment, deliver the reports you bought and keep records required by tax and accounting law (contract and legal obligation).',
            'To send you receipts, password reset links and notices about the reports you bought (performance of our contract). We send no marketing email.',
            'To show you where your account is signed in, so you can spot and end a session you do not recognise (legitimate interest in security).',
            'To investigate the bugs you report and answer you (legitimate interest in a working product).',
            'To detect abuse, fraud and attacks on the service (legitimate interest in security).',
          ]}
        />
        <p>We do not sell personal data, and we do not use it for advertising.</p>
      </LegalSection>

      <LegalSection title="Who else sees it">
        <p>We share only what each service needs to do its job for us:</p>
        <BulletList
          items={[
            'The card payment provider, for card payments and fraud checks.',
            'The blockchain data provider, which sees the payment addresses we watch (never your name or email).',
            'Market and security data providers and the AI model provider, which receive the name of the crypto asset being researched and public data about it, never your personal data.',
            'Hosting and database providers that run the service on our behalf.',
            'Our email delivery provider, which receives your email address and the messages we send you.',
            'Authorities, when the law requires it.',
          ]}
        />
      </LegalSection>

      <LegalSection title="How long we keep it">
        <p>
          Account data is kept while your account exists. Session records are deleted when you sign out, end
          the session on the account page, change or reset your password, or when the session expires.
          Password reset links expire after one hour. Purchase and payment records are kept for as long as tax
          and accounting law requires. Bug reports are deleted once they are resolved and no longer useful.
          Server logs are kept for a short period for security and then deleted.
        </p>
      </LegalSection>

      <LegalSection title="How we protect it">
        <p>
          Passwords and session tokens are stored only as hashes, session cookies cannot be read by scripts,
          all traffic is encrypted in transit, and access to production data is limited to the people who run
          the service.
        </p>
      </LegalSection>

      <LegalSection title="Your rights">
        <p>
          You may ask for a copy of your data, for corrections, for deletion of your account, for a portable
          export, or object to a use of your data. On your{' '}
          <Link href="/account" className="text-primary underline">
            account page
          </Link>{' '}
          you can download your data as a JSON file and delete your account yourself. Deleting it ends every
          session, removes your username, email, sessions, reset links and email records, and frees your
          username and email for reuse; purchase and payment records stay, without your name or email, for as
          long as accounting law requires. For anything else, write to <MailLink email={privacyEmail} />. We
          answer every inquiry within 30 days. You may also complain to your data protection authority.
        </p>
      </LegalSection>

      <LegalSection title="Children">
        <p>The service is not meant for anyone under 18, and we do not knowingly collect their data.</p>
      </LegalSection>

      <LegalSection title="Changes to this policy">
        <p>
          We will give you at least 30 days' notice by email and on this page before a material change to this
          policy takes effect. Minor clarifications may be made at any time.
        </p>
      </LegalSection>

      <LegalSection title="Contact">
        <p>
          Privacy questions: <MailLink email={privacyEmail} />. Anything else:{' '}
          <MailLink email={supportEmail} />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
