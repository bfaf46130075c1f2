import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { PAGES } from '../../../contract/pages';
import { useSiteConfig } from '../../lib/site-config';
import { BulletList, LegalLayout, LegalSection, MailLink, SubHeading } from './LegalLayout';

export function DisclaimerPage() {
  const { appName, supportEmail } = useSiteConfig();
  return (
    <LegalLayout meta={PAGES.disclaimer.meta} title="Disclaimer">
      <div
        role="note"
        aria-labelledby="critical-warning"
        className="rounded-lg border-2 border-destructive bg-destructive/10 p-4 sm:p-5"
        data-testid="critical-warning"
      >
        <p id="critical-warning" className="flex items-center gap-2 text-lg font-bold text-destructive">
          <AlertTriangle size={22} aria-hidden className="shrink-0" />
          Critical warning
        </p>
        <p className="mt-2">
          Crypto assets are highly volatile and you can lose all the money you put in. {appName} reports are
          produced with the help of AI, can be wrong, and are <strong>not financial advice</strong>. Never
          invest money you cannot afford to lose.
        </p>
      </div>

      <LegalSection title="Not Financial Advice">
        <p>
          Everything on {appName}, including research reports, scores, risk levels and the methodology, is for
          informational and educational purposes only. It is not financial, investment, legal or tax advice,
          and it is not a recommendation to buy, sell or hold any asset. We are not a broker, an investment
          adviser or a financial institution.
        </p>
      </LegalSection>

      <LegalSection title="Investment Risks">
        <SubHeading>Market risks</SubHeading>
        <BulletList
          items={[
            'Prices can rise or fall sharply within minutes, and can go to zero.',
            'Thin markets can make it impossible to sell at the price you expect.',
            'Broader market and economic events can move every asset at once.',
          ]}
        />
        <SubHeading>Crypto-specific risks</SubHeading>
        <BulletList
          items={[
            'Smart contracts can contain bugs; protocols and exchanges can be hacked.',
            'Projects can be abandoned, or be scams designed to look legitimate.',
            'Lost keys or mistaken transfers cannot be reversed.',
            'Token supply, governance and team control can change without notice.',
          ]}
        />
      </LegalSection>

      <LegalSection title="AI Analysis Limitations">
        <p>
          Reports are written by automated research agents that use AI models and public data sources. They
          can misread sources, miss recent events, rely on data that is incomplete or out of date, and state
          wrong conclusions with confidence. Scores follow a fixed methodology and cannot capture everything
          that matters about a project. Every finding names its sources so you can check them yourself.
        </p>
      </LegalSection>

      <LegalSection title="Past Performance">
        <p>
          Past performance, including price history, growth and past scores, does not predict future results.
        </p>
      </LegalSection>

      <LegalSection title="Regulatory and Legal">
        <p>
          The rules for crypto assets differ between countries and change often. An asset, or trading it, may
          be restricted or illegal where you live, and taxes may apply. You are responsible for following the
          laws that apply to you.
        </p>
      </LegalSection>

      <LegalSection title="Global Access">
        <p>
          The site can be reached from many countries. That does not mean its content is suitable, or allowed,
          everywhere. If you use it from outside where it is offered, you do so on your own initiative.
        </p>
      </LegalSection>

      <LegalSection title="Limitation of Liability">
        <p>
          To the extent the law allows, {appName} and the people behind it are not liable for any loss or
          damage, including trading or investment losses, that comes from using the site or relying on its
          content. See the{' '}
          <Link href="/terms-of-service" className="text-primary underline">
            Terms of Service
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection title="Seek Professional Advice">
        <p>
          Before you make an investment decision, do your own research and talk to a qualified, independent
          financial adviser who knows your circumstances.
        </p>
      </LegalSection>

      <LegalSection title="User Acknowledgment">
        <p>By using {appName} you acknowledge that:</p>
        <BulletList
          items={[
            'you have read and understood this disclaimer;',
            'you use the site and its reports at your own risk;',
            'your use of the site implies your agreement with this disclaimer.',
          ]}
        />
        <p>
          Questions: <MailLink email={supportEmail} />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
