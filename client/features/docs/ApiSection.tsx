import { API_KEY_SCOPES } from '../../../contract/api-keys';
import { Card } from '../../components/ui/card';

const ENDPOINTS: [string, string, string][] = [
  ['GET', '/api/v1/assets?q=', 'Find assets by name or symbol (reports:read)'],
  ['GET', '/api/v1/assets/:id/coverage', "Where the newest report's evidence comes from, per category"],
  [
    'GET',
    '/api/v1/reports/:id',
    'A report you bought, as a rating object: total, band, percentile, categories',
  ],
  ['GET', '/api/v1/reports/:id/changes?since=', 'What changed since an earlier version'],
  ['GET', '/api/v1/reports/:id/pdf', 'The report as a PDF file'],
  ['POST', '/api/v1/reports', 'Buy a new report with one credit; send an Idempotency-Key (reports:buy)'],
  ['GET', '/api/v1/track-record', 'How the ratings held up'],
  ['GET · POST · DELETE', '/api/v1/watchlist', 'List, add and remove watched assets (watchlist)'],
  [
    'GET · POST · DELETE',
    '/api/v1/webhooks',
    'List, register and remove webhook endpoints, and read their deliveries (webhooks)',
  ],
];

/** The documentation page's short guide to the API for programs and agents. */
export function ApiSection() {
  return (
    <>
      <h2 id="api" className="mt-10 mb-4 scroll-mt-4 text-2xl font-semibold">
        API
      </h2>
      <Card>
        <div className="space-y-3 text-sm">
          <p>
            Programs and agents read the same research through a versioned JSON API. Create a key on your{' '}
            <a href="/account" className="underline">
              account page
            </a>{' '}
            with the scopes it needs ({API_KEY_SCOPES.join(', ')}); it is shown once. Send it as{' '}
            <code>Authorization: Bearer &lt;key&gt;</code>. Session cookies are ignored on /api/v1. Rotating a
            key keeps the old one working for a grace period.
          </p>
          <p>
            Each key has a per-minute limit: every answer carries <code>RateLimit</code> and{' '}
            <code>RateLimit-Policy</code> headers, and a request over the limit gets 429 with{' '}
            <code>Retry-After</code>. Errors are JSON with a <code>code</code> for programs and a{' '}
            <code>message</code> for people.
          </p>
          <p>
            New reports are paid with prepaid credits, bought in packs through the card or Cardano checkout. A
            retried purchase with the same <code>Idempotency-Key</code> answers with the first purchase and
            never charges twice; when research fails for good, the credit comes back. Without credits, agents
            can pay per call with x402 on Cardano, in ADA or the CROW token: the 402 answer carries{' '}
            <code>PAYMENT-REQUIRED</code>, the retry sends a signed transaction in{' '}
            <code>PAYMENT-SIGNATURE</code>, and the answer's <code>PAYMENT-RESPONSE</code> names the
            transaction once it is on the chain. Webhook endpoints can also be managed on the account page.
          </p>
          <table className="w-full text-left">
            <caption className="sr-only">API endpoints</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-4">
                  Method
                </th>
                <th scope="col" className="py-2 pr-4">
                  Path
                </th>
                <th scope="col" className="py-2">
                  What it does
                </th>
              </tr>
            </thead>
            <tbody>
              {ENDPOINTS.map(([method, path, what]) => (
                <tr key={path} className="border-b border-border last:border-0">
                  <td className="py-2 pr-4 whitespace-nowrap">{method}</td>
                  {/* break-all: a long path wraps on a phone instead of widening the page. */}
                  <th scope="row" className="py-2 pr-4 font-mono text-xs font-normal break-all">
                    {path}
                  </th>
                  <td className="py-2">{what}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            Register HTTPS endpoints with <code>POST /api/v1/webhooks</code> for <code>report.completed</code>{' '}
            and <code>watchlist.changed</code>. Each delivery is signed per the Standard Webhooks spec (
            <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>) with the
            secret shown once, and retried for about a day.
          </p>
          <p>
            The full reference with examples is the{' '}
            <a href="/api-docs" className="underline">
              OpenAPI documentation
            </a>
            .
          </p>
        </div>
      </Card>
    </>
  );
}
