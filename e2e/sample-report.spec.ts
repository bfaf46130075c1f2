import { expect, expectNoAxeViolations, test } from './fixtures';

// A visitor sees what $4.99 buys before paying: the landing page and its pricing box link to a
// complete sample report (page and PDF), readable signed out.

test('the landing page and the pricing box lead a signed-out visitor to a complete sample report and its PDF', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('pricing-sample-link')).toHaveAttribute('href', '/sample-report');
  await page.getByTestId('sample-report-link').click();
  await expect(page).toHaveURL(/\/sample-report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sample report: Bitcoin' })).toBeVisible();
  await expect(
    page.getByText(
      /Executive summary: Bitcoin \(BTC\) scores .* risk level Likely Safe, rated on 8 of 12 categories/,
    ),
  ).toBeVisible();
  await expect(page.getByText(/^Data coverage/)).toBeVisible();
  await expectNoAxeViolations(page, 'sample report');
  const pdf = await page.request.get('/sample-report.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
