import type { APIRequestContext, Page } from '@playwright/test';
import { TIMINGS_MS } from '../contract/constants';
import { E2E_ADMIN } from '../playwright.config';
import { expect, expectNoAxeViolations, newUser, PASSWORD, signInAs, test } from './fixtures';

const CATEGORY_LABELS = [
  'Payment Issues',
  'Research Generation',
  'Login/Registration',
  'User Interface',
  'Performance',
  'Data/Reports',
  'Other',
];

async function fillRequired(page: Page, title: string) {
  await page.getByLabel('Name *').fill('Grace Hopper');
  await page.getByLabel('Category').selectOption({ label: 'Payment Issues' });
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Description *').fill('The Pay button spins forever.');
}

/** A promise a routed request waits on, resolved by the test once it has seen the pending state. */
function heldUntilReleased() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** Files a bug as a fresh user through the API (its own cookie jar, not the page's). */
async function fileBugAsNewUser(request: APIRequestContext, title: string) {
  const user = newUser();
  expect(
    (await request.post('/api/auth/register', { data: { ...user, confirmPassword: PASSWORD } })).status(),
  ).toBe(201);
  const response = await request.post('/api/bug-report', {
    data: { name: 'Reporter', email: user.email, title, description: `Details of ${title}` },
  });
  expect(response.status()).toBe(201);
  return user;
}

test.describe('bug report form', () => {
  test('a user files a bug: Submitting..., success toast, cleared form, then the dashboard', async ({
    page,
    signedIn,
  }) => {
    // Time runs, but the pause before the redirect to the dashboard is skipped once seen (below).
    await page.clock.install();
    await page.goto('/bug-report');
    await expect(page.getByRole('heading', { name: 'Report a Bug' })).toBeVisible();
    for (const section of [
      'Contact Information',
      'Bug Details',
      'Reproduction Details',
      'Environment Information',
    ]) {
      await expect(page.getByRole('group', { name: section })).toBeVisible();
    }
    await expect(page.getByLabel('Email *')).toHaveValue(signedIn.email);
    const userAgent = await page.evaluate(() => navigator.userAgent);
    await expect(page.getByLabel('Browser')).toHaveValue(userAgent);
    await expect(page.getByLabel('Device')).toHaveValue(/screen \d+x\d+/);
    const options = await page.getByLabel('Category').locator('option').allTextContents();
    expect(options.slice(1)).toEqual(CATEGORY_LABELS);
    await expect(page.getByText(/For urgent issues, contact us directly at/)).toBeVisible();
    const support = (await (await page.request.get('/api/config')).json()).supportEmail as string;
    await expect(page.getByRole('link', { name: support })).toHaveAttribute('href', `mailto:${support}`);

    await page.getByLabel('Device').fill('My own laptop');
    const title = `Checkout freeze ${Date.now()}`;
    await fillRequired(page, title);
    await page.getByLabel('Steps to reproduce').fill('1. Open checkout\n2. Click Pay');

    // Hold the request until the pending state has been seen.
    const held = heldUntilReleased();
    await page.route('**/api/bug-report', async (route) => {
      await held.promise;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Bug Report' }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    held.release();

    await expect(page.getByText('Bug Report Submitted').first()).toBeVisible();
    await expect(
      page.getByText("Thank you for your report! We'll investigate and get back to you soon.").first(),
    ).toBeVisible();
    await expect(page.getByLabel('Title *')).toHaveValue('');
    await expect(page.getByLabel('Description *')).toHaveValue('');
    await expect(page.getByLabel('Name *')).toHaveValue('');
    await page.clock.fastForward(TIMINGS_MS.bugReportRedirect);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  });

  test('shows the spec messages and sends nothing while the form is invalid', async ({ page, signedIn }) => {
    let sent = 0;
    await page.route('**/api/bug-report', async (route) => {
      sent += 1;
      await route.continue();
    });
    await page.goto('/bug-report');
    await expect(page.getByLabel('Email *')).toHaveValue(signedIn.email);
    await page.getByLabel('Email *').fill('not-an-email');
    await page.getByRole('button', { name: 'Submit Bug Report' }).click();
    for (const message of [
      'Name is required',
      'Valid email is required',
      'Title is required',
      'Description is required',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Name *')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
  });

  test('a failed submission is said under the submit button and keeps every field', async ({
    page,
    signedIn,
  }) => {
    await page.route('**/api/bug-report', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/bug-report');
    await fillRequired(page, 'Kept after failure');
    await page.getByLabel('Expected behaviour').fill('A receipt');
    await page.getByRole('button', { name: 'Submit Bug Report' }).click();
    await expect(page.locator('#bug-report-error')).toHaveText('Submission Failed: boom');
    await expect(page.getByLabel('Title *')).toHaveValue('Kept after failure');
    await expect(page.getByLabel('Name *')).toHaveValue('Grace Hopper');
    await expect(page.getByLabel('Email *')).toHaveValue(signedIn.email);
    await expect(page.getByLabel('Category')).toHaveValue('payment');
    await expect(page.getByLabel('Expected behaviour')).toHaveValue('A receipt');
    await expect(page.getByRole('button', { name: 'Submit Bug Report' })).toBeEnabled();
    await expect(page).toHaveURL(/\/bug-report$/);
  });

  test('Cancel goes to the dashboard', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/bug-report');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a signed-out visitor at /bug-report is sent to /login', async ({ page }) => {
    await page.goto('/bug-report');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('admin', () => {
  const tile = (page: Page, label: string) => page.getByTestId(`tile-${label}`);
  const TILES = ['Total Reports', 'Open', 'Investigating', 'Resolved', 'Closed'] as const;
  async function tileCounts(page: Page) {
    const counts = new Map<string, number>();
    for (const label of TILES) counts.set(label, Number(await tile(page, label).textContent()));
    return counts;
  }

  test('the admin sees a new bug and moves it open -> investigating -> resolved -> open', async ({
    page,
    request,
  }) => {
    const title = `Admin flow ${Date.now()}`;
    const reporter = await fileBugAsNewUser(request, title);
    await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Bug Report Overview' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');

    const item = page.getByTestId('bug-report').filter({ hasText: title });
    await expect(item).toBeVisible();
    // Newest first.
    await expect(page.getByTestId('bug-report').first()).toContainText(title);
    await expect(item.getByTestId('status-badge')).toHaveText('Open');
    await expect(item).toContainText(`Details of ${title}`);
    await expect(item).toContainText(reporter.username);
    await expect(item).toContainText(reporter.email);
    await expect(item).toContainText(/ID: \d+/);
    await expect(item.locator('time')).toHaveText(/\d{4}.*\d{1,2}:\d{2}/);

    const before = await tileCounts(page);
    expect(before.get('Open')).toBeGreaterThanOrEqual(1);
    const select = item.getByRole('combobox', { name: /Status of bug report #\d+/ });
    for (const next of ['Investigating', 'Resolved', 'Open']) {
      await select.selectOption({ label: next });
      await expect(page.getByText('Bug report status updated successfully').first()).toBeVisible();
      await expect(item.getByTestId('status-badge')).toHaveText(next);
      // Our report left Open for `next`; every other tile keeps its count.
      const expected = new Map(before);
      if (next !== 'Open') {
        expected.set('Open', before.get('Open')! - 1);
        expected.set(next, before.get(next)! + 1);
      }
      for (const label of TILES) await expect(tile(page, label)).toHaveText(String(expected.get(label)));
    }
    await page.reload();
    await expect(item.getByTestId('status-badge')).toHaveText('Open');
  });

  test('a failed status change shows the destructive error toast and keeps the status', async ({
    page,
    request,
  }) => {
    const title = `Failing update ${Date.now()}`;
    await fileBugAsNewUser(request, title);
    await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.route('**/api/admin/bug-reports/*', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: 'down' }) : route.continue(),
    );
    await page.goto('/admin');
    const item = page.getByTestId('bug-report').filter({ hasText: title });
    await item.getByRole('combobox').selectOption({ label: 'Closed' });
    await expect(page.getByText('Failed to update bug report status').first()).toBeVisible();
    await expect(item.getByTestId('status-badge')).toHaveText('Open');
    await expect(item.getByRole('combobox')).toHaveValue('open');
  });

  test('the admin sees the loading and empty texts, and the read-only lists of what needs a person', async ({
    page,
  }) => {
    await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // The list is held until its loading text has been seen.
    const held = heldUntilReleased();
    await page.route('**/api/admin/bug-reports', async (route) => {
      await held.promise;
      await route.fulfill({ json: [] });
    });
    await page.route('**/api/admin/failed-reports', (route) =>
      route.fulfill({
        json: [
          {
            id: 41,
            assetName: 'Brokencoin',
            failureReason: 'Market data source timed out',
            createdAt: '2026-11-20T10:00:00.000Z',
            updatedAt: '2026-11-20T10:05:00.000Z',
            purchase: null,
          },
        ],
      }),
    );
    await page.route('**/api/admin/flagged-payments', (route) =>
      route.fulfill({
        json: [
          {
            id: 7,
            reportId: null,
            currency: 'ADA',
            amount: '12.500000',
            expectedQuantity: '12500000',
            receivedQuantity: '5000000',
            status: 'expired',
            paidLate: false,
            underPaid: true,
            createdAt: '2026-11-20T10:00:00.000Z',
            expiresAt: '2026-11-20T10:30:00.000Z',
            user: { username: 'late_payer', email: 'late@example.com' },
          },
        ],
      }),
    );
    await page.goto('/admin');
    await expect(page.getByText('Loading bug reports...')).toBeVisible();
    held.release();
    await expect(page.getByText('No bug reports found')).toBeVisible();
    await expect(page.getByTestId('tile-Total Reports')).toHaveText('0');

    const failed = page.getByRole('region', { name: 'Failed Research Reports' });
    await expect(failed.getByRole('row', { name: /Brokencoin/ })).toContainText(
      'Market data source timed out',
    );
    const payments = page.getByRole('region', { name: 'Flagged Cardano Payments' });
    const row = payments.getByRole('row', { name: /late_payer/ });
    await expect(row).toContainText('12.500000 ADA');
    await expect(row).toContainText('5.000000 ADA');
    await expect(row).toContainText('Under-paid');
    await expect(payments.getByRole('combobox')).toHaveCount(0);
  });

  test('a non-admin at /admin sees Access Denied and a way back', async ({ page, signedIn }) => {
    expect(signedIn.username).toBeTruthy();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Admin access required to view this page.')).toBeVisible();
    await expect(page.getByText('Bug Report Overview')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on /bug-report, /admin and Access Denied (${theme})`, async ({
    page,
    request,
  }) => {
    await fileBugAsNewUser(request, `Axe ${theme} ${Date.now()}`);
    const user = newUser();
    await page.request.post('/api/auth/register', { data: { ...user, confirmPassword: PASSWORD } });
    await page.goto('/bug-report');
    if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.getByRole('group', { name: 'Contact Information' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit Bug Report' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectNoAxeViolations(page, `/bug-report with errors (${theme})`);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectNoAxeViolations(page, `/admin access denied (${theme})`);

    await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin');
    await expect(page.getByTestId('bug-report').first()).toBeVisible();
    await expectNoAxeViolations(page, `/admin (${theme})`);
  });
}
