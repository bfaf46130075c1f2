import { type ChildProcess, spawn } from 'node:child_process';
import type { BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import { TIMINGS_MS } from '../contract/constants';
import { E2E_ADMIN } from '../playwright.config';
import { type FakeStripe, startFakeStripe } from '../server/features/card-payments/fake-stripe';
import { freePort } from '../server/testing/postgres';
import { expect, expectNoAxeViolations, newUser, PASSWORD, setTheme, signInAs, test } from './fixtures';
import { e2eDatabaseUrl } from './support/database';
import { grantNewReport, releaseHeldResearch } from './support/grant-report';
import { skipToMyReportsRefresh } from './support/my-reports';

// Buying by card, end to end: dashboard -> checkout -> sandbox card or Stripe's Payment Element
// -> dashboard notifications -> marketplace. Runs against the real server and database.

const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const uniqueAsset = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

// The success screens move on to the dashboard after a fixed pause (2 or 3 s). Tests that
// pass through them install the page's clock before it loads (time still runs) and, once the
// success screen has been seen, fast-forward over the pause instead of waiting it out.

async function openTab(page: Page, name: 'New Report' | 'My Reports' | 'Marketplace') {
  await page.getByRole('tab', { name }).click();
}

/**
 * From the dashboard's New Report tab to the card form of the checkout. The made-up names the
 * tests use are unknown to the data sources, so the buyer confirms the unknown-asset warning.
 */
async function startNewReportCheckout(page: Page, assetName: string) {
  await page.goto('/dashboard');
  await page.getByLabel('Crypto asset name').fill(assetName);
  await expect(page.getByText(`We could not find “${assetName}”`)).toBeVisible();
  await page.getByRole('button', { name: 'Purchase New Report' }).click();
  await page.getByRole('button', { name: 'Buy anyway for $4.99' }).click();
  await expect(page).toHaveURL(/\/checkout\?purchaseType=new_report&assetName=.*&acknowledgeUnknownAsset=1/);
  await expect(page.getByRole('heading', { name: 'Choose Payment Method' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Purchase' })).toBeVisible();
}

async function payWithSandboxCard(page: Page, cardNumber: string, payLabel: string) {
  await expect(page.getByTestId('sandbox-notice')).toContainText('Sandbox mode');
  await page.getByLabel('Card number (sandbox)').fill(cardNumber);
  await page.getByRole('button', { name: payLabel }).click();
}

async function reportIdOf(page: Page, assetName: string): Promise<number> {
  const response = await page.request.get('/api/my-reports');
  const items = (await response.json()) as { asset_name: string; reportId: number }[];
  const found = items.find((item) => item.asset_name === assetName);
  expect(found, `a purchase of ${assetName}`).toBeTruthy();
  return found!.reportId;
}

test('the dashboard shows the user, the three tabs and the New Report rules', async ({ page, signedIn }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-username')).toHaveText(signedIn.username);
  await expect(page.getByRole('tab', { name: 'New Report' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Report Bug' })).toHaveAttribute('href', '/bug-report');
  await expect(page.getByTestId('new-report-price')).toContainText('$4.99');
  // Before a name is matched, the card says what it will tell (decision 0383).
  await expect(page.getByTestId('new-report-price')).toContainText(
    'what this report would hold shows once the asset is matched',
  );

  const purchase = page.getByRole('button', { name: 'Purchase New Report' });
  await expect(purchase).toBeDisabled();
  await page.getByLabel('Crypto asset name').fill('   ');
  await expect(purchase).toBeDisabled();
  await page.getByLabel('Crypto asset name').press('Enter');
  await expect(page.getByText('Please enter a crypto asset name').first()).toBeVisible();

  // Suggestions from the asset search (another feature) fill the input when picked.
  await page.route('**/api/assets/search?q=*', (route) =>
    route.fulfill({ json: { assets: [{ id: 'cardano', name: 'Cardano', symbol: 'ada' }] } }),
  );
  await page.getByLabel('Crypto asset name').fill('card');
  await expect(purchase).toBeDisabled();
  await page.getByRole('radio', { name: /Cardano/ }).check();
  await expect(page.getByTestId('matched-asset')).toContainText('Cardano');
  await expect(purchase).toBeEnabled();

  await openTab(page, 'My Reports');
  await expect(page.getByText("You haven't purchased any reports yet.")).toBeVisible();
  await page.getByRole('button', { name: 'Generate Your First Report' }).click();
  await expect(page.getByRole('tab', { name: 'New Report' })).toHaveAttribute('aria-selected', 'true');

  // One Logout, in the header (the dashboard no longer repeats it).
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});

test('the admin sees the Admin button', async ({ page }) => {
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
});

test('checkout without purchase details goes back to the dashboard; Cardano carries the purchase', async ({
  page,
  signedIn: _user,
}) => {
  await page.goto('/checkout?purchaseType=new_report');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/checkout?assetName=Bitcoin');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/checkout?purchaseType=new_report&assetName=Bitcoin');
  await expect(page).toHaveTitle('Purchase Bitcoin Research Report');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByLabel(/Cardano \(ADA\)/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/cardano-checkout\?/);
  const params = new URL(page.url()).searchParams;
  expect(Object.fromEntries(params)).toEqual({
    reportId: '0',
    purchaseType: 'new_report',
    assetName: 'Bitcoin',
    amount: '4.99',
    // The country the buyer states (suggested by the browser's en-US) goes along (decision 0305).
    country: 'US',
  });
});

test('a new user buys a new report with the sandbox card; research runs and View Report opens it', async ({
  page,
  signedIn: _user,
}) => {
  const asset = uniqueAsset('Sandbox coin');
  await page.clock.install();
  await page.goto('/dashboard');
  await openTab(page, 'My Reports');
  await expect(page.getByText("You haven't purchased any reports yet.")).toBeVisible();

  await startNewReportCheckout(page, asset);
  await expect(page.getByTestId('checkout-price')).toHaveText('$4.99');
  await payWithSandboxCard(page, GOOD_CARD, 'Pay $4.99');
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await page.clock.fastForward(TIMINGS_MS.cardRedirect);
  // The buyer lands on the report bought; the dashboard then tells of the purchase.
  await expect(page).toHaveURL(/\/report\/\d+$/, { timeout: 10_000 });
  await page.goto('/dashboard');
  await expect(page.getByText('Payment Confirmed! ✅').first()).toBeVisible();

  await openTab(page, 'My Reports');
  const item = page.getByTestId('my-report').filter({ hasText: asset });
  await expect(item).toContainText('New Report');
  await expect(item).toContainText('$4.99');
  // The real research worker (offline snapshot in e2e) finishes within seconds.
  await skipToMyReportsRefresh(page, asset);
  await expect(item.getByTestId('report-status')).toHaveText('Completed', { timeout: 60_000 });
  // Offline reports hold only public-dataset facts, too few for a verdict: "Not rated", never 0.0/77.
  // The verdict is the rating badge beside the score (decision 0381): here the badge reads Not rated.
  await expect(item.getByTestId('risk-level')).toHaveText('Not rated');
  await item.getByRole('button', { name: /View Report/ }).click();
  await expect(page).toHaveURL(/\/report\/\d+$/);
  await expect(page.getByRole('heading', { name: asset })).toBeVisible();
});

test('My Reports shows Analyzing while research runs, then Research Complete enables View and Download', async ({
  page,
  signedIn,
}) => {
  const asset = uniqueAsset('Research coin');
  // The research job is held back until the in-progress state has been seen.
  const reportId = await grantNewReport(signedIn.email, asset, 600);
  await page.clock.install();
  await page.goto('/dashboard');
  await openTab(page, 'My Reports');
  const item = page.getByTestId('my-report').filter({ hasText: asset });
  await expect(item.getByText('Analyzing...')).toBeVisible();
  await expect(item.getByRole('button', { name: /View Report/ })).toBeDisabled();
  await expect(item.getByRole('button', { name: /Download PDF/ })).toBeDisabled();
  await releaseHeldResearch(reportId);
  await skipToMyReportsRefresh(page, asset);
  await expect(page.getByText('Research Complete! 🎉').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`Your ${asset} research report is now ready to view.`).first()).toBeVisible();
  await expect(item.getByTestId('report-status')).toHaveText('Completed');
  await expect(item.getByRole('button', { name: /View Report/ })).toBeEnabled();
  await expect(item.getByRole('button', { name: /Download PDF/ })).toBeEnabled();
});

test('a declined card shows Payment Failed and grants nothing', async ({ page, signedIn: _user }) => {
  const asset = uniqueAsset('Declined coin');
  await startNewReportCheckout(page, asset);
  await payWithSandboxCard(page, DECLINED_CARD, 'Pay $4.99');
  await expect(page.getByText('Payment Failed').first()).toBeVisible();
  await expect(page.getByText('Your card was declined.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);
  // Back returns to the method choice; nothing was bought.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Payment Method' })).toBeVisible();
  expect(await (await page.request.get('/api/my-reports')).json()).toEqual([]);
  const rows = await sql<{ status: string }>('select status from user_purchases where asset_name = $1', [
    asset,
  ]);
  expect(rows).toEqual([{ status: 'failed' }]);
});

test("the marketplace: a second user buys the first user's completed report for $2.99", async ({
  page,
  browser,
  signedIn: _user,
}) => {
  const asset = uniqueAsset('Market coin');
  await page.clock.install();
  await page.goto('/dashboard');
  await startNewReportCheckout(page, asset);
  await payWithSandboxCard(page, GOOD_CARD, 'Pay $4.99');
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await page.clock.fastForward(TIMINGS_MS.cardRedirect);
  // The buyer lands on the report bought; the dashboard then tells of the purchase.
  await expect(page).toHaveURL(/\/report\/\d+$/, { timeout: 10_000 });
  await page.goto('/dashboard');
  await expect(page.getByText('Payment Confirmed! ✅').first()).toBeVisible();
  await openTab(page, 'My Reports');
  const mine = page.getByTestId('my-report').filter({ hasText: asset });
  await skipToMyReportsRefresh(page, asset);
  await expect(mine.getByTestId('report-status')).toHaveText('Completed', { timeout: 60_000 });
  const reportId = await reportIdOf(page, asset);
  // An asset the sources do not know has no evidence: no verdict, listed as "Not rated".
  await expect(mine.getByTestId('risk-level')).toHaveText('Not rated');
  // The marketplace list refreshes every 30 s; a fresh visit shows the newly public report now.
  await page.reload();
  await openTab(page, 'Marketplace');
  const ownListing = page.getByTestId('public-report').filter({ hasText: asset });
  await expect(ownListing).toContainText('Owned');
  await expect(ownListing.getByRole('button', { name: /Buy for/ })).toHaveCount(0);

  // A second user finds it in the marketplace with the search box.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const second = newUser();
  const registered = await buyer.request.post('/api/auth/register', {
    data: { ...second, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await buyer.clock.install();
  await buyer.goto('/dashboard');
  await openTab(buyer, 'Marketplace');
  await buyer.getByLabel('Search reports').fill(asset);
  const listing = buyer.getByTestId('public-report');
  await expect(listing).toHaveCount(1);
  await expect(listing).toContainText('Not rated');
  await buyer.getByLabel('Search reports').fill(`${asset} no such thing`);
  await expect(buyer.getByText(/No reports match/)).toBeVisible();
  await buyer.getByLabel('Search reports').fill(asset);
  await listing.getByRole('button', { name: /Buy for \$2\.99/ }).click();
  await expect(buyer).toHaveURL(new RegExp(`/checkout\\?reportId=${reportId}&purchaseType=existing_report`));
  await expect(buyer.getByTestId('checkout-price')).toHaveText('$2.99');
  await buyer.getByRole('button', { name: 'Continue' }).click();
  await payWithSandboxCard(buyer, GOOD_CARD, 'Pay $2.99');
  await expect(buyer.getByText('Payment successful!')).toBeVisible();
  await buyer.clock.fastForward(TIMINGS_MS.cardRedirect);
  // The buyer lands on the report bought; the dashboard then tells of the purchase.
  await expect(buyer).toHaveURL(/\/report\/\d+$/, { timeout: 10_000 });
  await buyer.goto('/dashboard');
  await expect(buyer.getByText('Payment Confirmed! ✅').first()).toBeVisible();
  await openTab(buyer, 'My Reports');
  const bought = buyer.getByTestId('my-report').filter({ hasText: asset });
  await expect(bought).toContainText('Existing Report');
  await expect(bought).toContainText('$2.99');
  await expect(bought.getByTestId('report-status')).toHaveText('Completed');
  await bought.getByRole('button', { name: /View Report/ }).click();
  await expect(buyer).toHaveURL(new RegExp(`/report/${reportId}$`));
  await buyerContext.close();
});

test('/search finds public reports by asset name for visitors', async ({ page }) => {
  const asset = uniqueAsset('Searchable coin');
  const [report] = await sql<{ id: number }>(
    `insert into research_reports (asset_name, status, is_public, composite_score, completed_at)
     values ($1, 'completed', true, '40.00', now()) returning id`,
    [asset],
  );
  await page.goto(`/search?q=${encodeURIComponent(asset)}`);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('heading', { name: asset })).toBeVisible();
  await expect(results).toContainText('Score: 40.0/77.0');
  await expect(results.getByRole('link', { name: /Sign in to buy/ })).toBeVisible();
  await page.getByLabel('Asset name').fill('zz-no-such-asset-zz');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No public reports match "zz-no-such-asset-zz".')).toBeVisible();
  expect(report?.id).toBeGreaterThan(0);
});

test('the payment success page verifies what Stripe sent back', async ({ page, signedIn: _user }) => {
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText('Payment verification failed')).toBeVisible();
  await page.goto('/payment-success?payment_intent=pi_unknown&redirect_status=succeeded');
  await expect(page.getByText('Error processing payment confirmation')).toBeVisible();
  await page.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('dashboard and checkout have no axe violations in light and dark themes', async ({
  page,
  signedIn: _user,
}) => {
  // Ten page states, each with a full axe run: more than one default test budget on a busy machine.
  test.slow();
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/dashboard');
    await setTheme(page, theme);
    await page.goto('/dashboard');
    await expect(page.getByRole('tab', { name: 'New Report' })).toBeVisible();
    await expectNoAxeViolations(page, `dashboard new report (${theme})`);
    await openTab(page, 'My Reports');
    await expect(page.getByText("You haven't purchased any reports yet.")).toBeVisible();
    await expectNoAxeViolations(page, `dashboard my reports (${theme})`);
    await openTab(page, 'Marketplace');
    await expect(page.getByLabel('Search reports')).toBeVisible();
    await expectNoAxeViolations(page, `dashboard marketplace (${theme})`);

    await page.goto('/checkout?purchaseType=new_report&assetName=Axe%20coin&acknowledgeUnknownAsset=1');
    await expect(page.getByRole('heading', { name: 'Choose Payment Method' })).toBeVisible();
    await expectNoAxeViolations(page, `checkout method (${theme})`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Purchase' })).toBeVisible();
    await expectNoAxeViolations(page, `checkout card form (${theme})`);
  }
});

// Stripe mode: a second web process on the same database, keyed for Stripe and talking to a fake
// Stripe API; the browser gets a stub of Stripe.js (window.Stripe) instead of Stripe's script.

async function startStripeModeServer(fake: FakeStripe): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      ROLE: 'web',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: e2eDatabaseUrl(),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_BASE: fake.url,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the Stripe-mode server did not start');
}

/** A minimal Stripe.js: elements().create('payment').mount(), and confirmPayment asking the test. */
async function stubStripeJs(context: BrowserContext, fake: FakeStripe, decline: { next: boolean }) {
  await context.exposeBinding('__e2ePayIntent', async (_source, clientSecret: string) => {
    const id = clientSecret.split('_secret_')[0]!;
    if (decline.next) {
      decline.next = false;
      fake.setStatus(id, 'requires_payment_method', 'Your card was declined.');
      return { error: { type: 'card_error', message: 'Your card was declined.' } };
    }
    fake.setStatus(id, 'succeeded');
    return { paymentIntent: { id, status: 'succeeded' } };
  });
  await context.addInitScript(() => {
    type Handler = () => void;
    const w = window as unknown as Record<string, unknown>;
    w.Stripe = (publishableKey: string) => {
      let clientSecret = '';
      return {
        _publishableKey: publishableKey,
        elements(options: { clientSecret: string }) {
          clientSecret = options.clientSecret;
          return {
            create() {
              const handlers: Record<string, Handler[]> = {};
              return {
                on(event: string, handler: Handler) {
                  handlers[event] = [...(handlers[event] ?? []), handler];
                },
                mount(target: HTMLElement) {
                  target.innerHTML = '<p data-stub="payment-element">Stripe Payment Element (test stub)</p>';
                  setTimeout(() => {
                    for (const handler of handlers.ready ?? []) handler();
                  }, 50);
                },
                destroy() {},
              };
            },
          };
        },
        confirmPayment() {
          return (w.__e2ePayIntent as (secret: string) => Promise<unknown>)(clientSecret);
        },
      };
    };
  });
}

test.describe('with Stripe keys', () => {
  let fake: FakeStripe;
  let server: { url: string; process: ChildProcess };

  test.beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startStripeModeServer(fake);
  });
  test.afterAll(async () => {
    server?.process.kill('SIGTERM');
    await fake?.close();
  });

  test("Stripe's Payment Element path: decline, then pay, then the dashboard confirms", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const decline = { next: true };
    await stubStripeJs(context, fake, decline);
    const page = await context.newPage();
    const user = newUser();
    expect(
      (
        await page.request.post('/api/auth/register', { data: { ...user, confirmPassword: PASSWORD } })
      ).status(),
    ).toBe(201);
    const asset = uniqueAsset('Stripe coin');
    // The stylesheet is inlined in every page: loading the card form must not fetch it again.
    const stylesheetRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheetRequests.push(request.url());
    });
    await page.clock.install();
    await page.goto('/dashboard');
    await startNewReportCheckout(page, asset);
    await expect(page.getByText('Stripe Payment Element (test stub)')).toBeVisible();
    expect(stylesheetRequests).toEqual([]);
    await expect(page.getByTestId('sandbox-notice')).toHaveCount(0);
    const intent = [...fake.intents.values()].find((i) => i.metadata.assetName === asset)!;
    expect(intent.amount).toBe(499);
    expect(intent.currency).toBe('usd');

    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expect(page.getByText('Payment Failed').first()).toBeVisible();
    await expect(page.getByText('Your card was declined.').first()).toBeVisible();

    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expect(page.getByText('Payment successful!')).toBeVisible();
    await page.clock.fastForward(TIMINGS_MS.cardRedirect);
    await expect(page).toHaveURL(/\/report\/\d+$/, { timeout: 10_000 });
    await page.goto('/dashboard');
    await expect(page.getByText('Payment Confirmed! ✅').first()).toBeVisible();
    const rows = await sql<{ status: string; amount: string }>(
      'select status, amount from user_purchases where stripe_payment_intent_id = $1',
      [intent.id],
    );
    expect(rows).toEqual([{ status: 'completed', amount: '4.99' }]);

    // Returning from a redirect-based payment: the success page confirms with the server.
    const second = await page.request.post('/api/create-payment-intent', {
      data: { purchaseType: 'new_report', assetName: `${asset} again`, acknowledgeUnknownAsset: true },
    });
    const { paymentIntentId } = (await second.json()) as { paymentIntentId: string };
    fake.setStatus(paymentIntentId, 'succeeded');
    await page.goto(`/payment-success?payment_intent=${paymentIntentId}&redirect_status=succeeded`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await page.clock.fastForward(TIMINGS_MS.successPageRedirect);
    await expect(page).toHaveURL(/\/report\/\d+$/, { timeout: 10_000 });
    await context.close();
  });

  test('an unreachable payment provider shows the Payment System Unavailable screen', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const user = newUser();
    await page.request.post('/api/auth/register', { data: { ...user, confirmPassword: PASSWORD } });
    fake.failWith = 500;
    try {
      await page.goto('/checkout?purchaseType=new_report&assetName=Outage%20coin&acknowledgeUnknownAsset=1');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Payment System Unavailable' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(
        page.getByText('The payment system is temporarily unavailable due to configuration issues.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Back to Dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      fake.failWith = null;
      await context.close();
    }
  });
});
