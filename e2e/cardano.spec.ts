import { TIMINGS_MS } from '../contract/constants';
import { expect, expectNoAxeViolations, setTheme, test } from './fixtures';
import { skipToMyReportsRefresh } from './support/my-reports';

const NEW_REPORT = '/cardano-checkout?purchaseType=new_report&assetName=Bitcoin&amount=4.99';

test('buying a new report with ADA in sandbox: address, QR, countdown, simulated payment, then the report page', async ({
  page,
  context,
  signedIn: _user,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Time runs, but the pause before the redirect to the report is skipped once seen (below).
  await page.clock.install();
  await page.goto(NEW_REPORT);
  await expect(page.getByRole('heading', { name: 'Purchase Details' })).toBeVisible();
  await expect(page.getByText('Sandbox mode').first()).toBeVisible();
  // $4.99 at the fixed sandbox price of $0.50 per ADA.
  await expect(page.getByLabel('Amount (ADA)')).toHaveValue('9.98');
  await expect(page.getByText('Price per unit: $0.5000')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Research Report Purchase - Bitcoin');
  await expect(page.getByLabel('Amount (ADA)')).toHaveAttribute('step', '0.000001');
  await expectNoAxeViolations(page, 'cardano checkout form');

  const created = page.waitForResponse('**/api/cardano/create-payment');
  await page.getByRole('button', { name: 'Create Payment' }).click();
  const paymentId: number = (await (await created).json()).payment.id;
  await expect(page.getByRole('heading', { name: 'Payment Status' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Pending');
  await expect(page.getByTestId('payment-amount')).toHaveText('9.98 ADA');
  await expect(page.getByTestId('payment-address')).toHaveText(/^addr_test1q[0-9a-z]{50,}$/);
  await expect(page.getByRole('img', { name: 'QR code of the payment request' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  const countdown = page.getByTestId('payment-countdown');
  await expect(countdown).toHaveText(/^(30:00|29:[0-5]\d)$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3_000 });
  await expect(page.getByRole('progressbar', { name: 'Payment window elapsed' })).toBeVisible();
  await expect(page.getByText('1-2 minutes')).toBeVisible();

  await page.getByRole('button', { name: 'Copy address' }).click();
  const address = await page.getByTestId('payment-address').textContent();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expectNoAxeViolations(page, 'cardano payment status');

  await page.getByRole('button', { name: 'Simulate incoming payment' }).click();
  await expect(page.getByText('Payment Confirmed').first()).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Confirmed');
  await expect(page.getByText('Taking you to your report').first()).toBeVisible();
  await page.clock.fastForward(TIMINGS_MS.cardanoRedirect);
  // The server completed the purchase and created the report (research enqueued) on confirmation;
  // the buyer lands on it, as a card buyer does, and sees it fill in.
  const status = await (await page.request.get(`/api/cardano/payment/${paymentId}`)).json();
  expect(status.payment).toMatchObject({ status: 'confirmed', receivedAmount: '9.980000' });
  expect(status.payment.reportId).toEqual(expect.any(Number));
  await expect(page).toHaveURL(new RegExp(`/report/${status.payment.reportId}$`), { timeout: 8_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Bitcoin' })).toBeVisible();
  await page.goto('/dashboard');
  // The research worker then completes the report, which shows in My Reports.
  await page.getByRole('tab', { name: 'My Reports' }).click();
  const item = page.getByTestId('my-report').filter({ hasText: 'Bitcoin' });
  await skipToMyReportsRefresh(page, 'Bitcoin');
  await expect(item.getByTestId('report-status')).toHaveText('Completed', { timeout: 60_000 });
  await expect(item.getByRole('button', { name: /View Report/ })).toBeEnabled();
});

test('a failed conversion says so under the amount with a retry; a refused creation shows the server message under the button', async ({
  page,
  signedIn: _user,
}) => {
  await page.route('**/api/cardano/convert-price/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.goto(NEW_REPORT);
  await expect(page.getByLabel('Description')).toHaveValue('Research Report Purchase - Bitcoin');
  const amount = page.getByLabel('Amount (ADA)');
  await expect(amount).toHaveValue('');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/The current price could not be loaded\./);
  await expect(page.getByText('Price per unit')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Payment' })).toBeDisabled();

  await page.unroute('**/api/cardano/convert-price/**');
  await page.route('**/api/cardano/create-payment', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'The ADA price is unavailable right now.' }),
    }),
  );
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(amount).toHaveValue('9.98');
  await expect(amount).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Create Payment' }).click();
  const refusal = page.locator('#cardano-create-error');
  await expect(refusal).toContainText('Payment Creation Failed');
  await expect(refusal).toContainText('The ADA price is unavailable right now.');
  await expect(page.getByRole('button', { name: 'Create Payment' })).toHaveAccessibleDescription(
    /The ADA price is unavailable right now\./,
  );
});

test('a created payment has its own URL: a reload shows the same address, QR, amount and countdown, and the dashboard resumes it', async ({
  page,
  signedIn: _user,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(NEW_REPORT);
  const amount = page.getByLabel('Amount (ADA)');
  await expect(amount).toHaveValue('9.98');
  // The server sets the amount from the price: the buyer cannot type another.
  await expect(amount).toHaveAttribute('readonly', '');
  const created = page.waitForResponse('**/api/cardano/create-payment');
  await page.getByRole('button', { name: 'Create Payment' }).click();
  const paymentId: number = (await (await created).json()).payment.id;
  await expect(page).toHaveURL(new RegExp(`/cardano-checkout/payment/${paymentId}$`));
  const address = page.getByTestId('payment-address');
  await expect(address).toHaveText(/^addr_test1/);
  const addressText = await address.textContent();
  const qr = page.getByRole('img', { name: 'QR code of the payment request' });
  const qrSource = await qr.getAttribute('src');
  const countdown = page.getByTestId('payment-countdown');

  // What a phone does when it comes back from the wallet app.
  await page.reload();
  await expect(address).toHaveText(addressText ?? '');
  await expect(qr).toHaveAttribute('src', qrSource ?? '');
  await expect(page.getByTestId('payment-amount')).toHaveText('9.98 ADA');
  await expect(countdown).toHaveText(/^(30:00|29:[0-5]\d)$/);
  await expect(page.getByRole('definition').filter({ hasText: /^Bitcoin$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'cardano payment page after a reload');

  await page.goto('/dashboard');
  const waiting = page.getByTestId('open-payments');
  await expect(waiting).toContainText('Bitcoin');
  await expect(waiting).toContainText('9.98 ADA');
  await expectNoAxeViolations(page, 'dashboard with a payment waiting');
  await waiting.getByRole('link', { name: 'Resume payment for Bitcoin' }).click();
  await expect(page).toHaveURL(new RegExp(`/cardano-checkout/payment/${paymentId}$`));
  await expect(address).toHaveText(addressText ?? '');
  await expect(countdown).toHaveText(/^(30:00|29:[0-5]\d)$/);

  // Paid, it no longer waits on the dashboard.
  await page.getByRole('button', { name: 'Simulate incoming payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Confirmed');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('open-payments')).toHaveCount(0);
});

test('the CROW path shows the fixed, read-only token amount', async ({ page, signedIn: _user }) => {
  await page.goto(NEW_REPORT);
  await expect(page.getByLabel('Amount (ADA)')).toHaveValue('9.98');
  await page.getByLabel('Currency').selectOption('CROW');
  const amount = page.getByLabel('Amount (CROW)');
  await expect(amount).toHaveValue('10000000');
  await expect(amount).toHaveAttribute('readonly', '');
  await expect(page.getByText('Fixed amount: 10,000,000 CROW for any report.')).toBeVisible();
  await page.getByRole('button', { name: 'Create Payment' }).click();
  await expect(page.getByTestId('payment-amount')).toHaveText('10,000,000 CROW');
  await expect(page.getByTestId('payment-status')).toHaveText('Pending');
});

test('create is disabled without a description, and the dark theme passes axe', async ({
  page,
  signedIn: _user,
}) => {
  await page.goto(NEW_REPORT);
  await setTheme(page, 'dark');
  await page.reload();
  await expect(page.getByLabel('Amount (ADA)')).toHaveValue('9.98');
  await page.getByLabel('Description').fill('');
  await expect(page.getByRole('button', { name: 'Create Payment' })).toBeDisabled();
  await page.getByLabel('Description').fill('My purchase');
  await expect(page.getByRole('button', { name: 'Create Payment' })).toBeEnabled();
  await expectNoAxeViolations(page, 'cardano checkout form (dark)');
});

test('a partial payment shows what arrived and what is still owed; a top-up to the same address completes it', async ({
  page,
  signedIn: _user,
}) => {
  await page.goto(NEW_REPORT);
  await expect(page.getByLabel('Amount (ADA)')).toHaveValue('9.98');
  await page.getByRole('button', { name: 'Create Payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Pending');
  const address = await page.getByTestId('payment-address').textContent();

  // The sandbox simulates a buyer who sends only 4 of the 9.98 ADA owed.
  await page.getByLabel(/Simulated amount/).fill('4');
  await page.getByRole('button', { name: 'Simulate incoming payment' }).click();
  await expect(page.getByTestId('payment-received')).toHaveText('4.00 ADA');
  await expect(page.getByTestId('payment-remaining')).toHaveText('5.98 ADA');
  await expect(page.getByTestId('partial-payment-note')).toHaveText(
    '4.00 ADA has arrived; 5.98 ADA is still owed. Send the remaining 5.98 ADA to the same address before the time runs out and the payment completes.',
  );
  await expect(page.getByText('Send the remaining 5.98 ADA to this preprod address.')).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Pending');
  await expect(page.getByTestId('payment-address')).toHaveText(address ?? '');
  await expectNoAxeViolations(page, 'partly paid cardano payment');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expectNoAxeViolations(page, 'partly paid cardano payment (dark)');

  // The top-up: an empty amount sends what is still owed, to the same address.
  await page.getByRole('button', { name: 'Simulate incoming payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Confirmed');
  await expect(page.getByTestId('payment-received')).toHaveText('9.98 ADA');
  await expect(page.getByTestId('payment-remaining')).toHaveCount(0);
});
