import { TIMINGS_MS } from '../contract/constants';
import { expect, test } from './fixtures';

// Every route change starts at the top, or at its anchor (issue 46): after a Cardano payment the
// report opened half-way down, where the payment page had been scrolled, under a confirmation
// that said it was going to the dashboard.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => window.scrollY);

for (const size of SIZES) {
  test(`after a Cardano payment the report opens at the top (${size.width}px)`, async ({
    page,
    signedIn: _user,
  }) => {
    await page.setViewportSize(size);
    await page.clock.install();
    await page.goto('/cardano-checkout?purchaseType=new_report&assetName=Bitcoin&amount=4.99&country=US');
    await page.getByRole('button', { name: 'Create Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Status' })).toBeVisible();
    await page.getByRole('button', { name: 'Simulate incoming payment' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Simulate incoming payment' }).click();
    await expect(page.getByTestId('payment-status')).toHaveText('Confirmed');
    // The confirmation says where it goes: the report, not "your dashboard" (issue 46).
    const confirmed = page.locator('p[role="status"]').filter({ hasText: 'Payment confirmed' });
    await expect(confirmed).toContainText('Taking you to your report…');
    await expect(confirmed).not.toContainText('dashboard');
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    expect(await scrollY(page), 'the payment page was scrolled down').toBeGreaterThan(0);
    await page.clock.fastForward(TIMINGS_MS.cardanoRedirect);
    await expect(page).toHaveURL(/\/report\/\d+$/, { timeout: 8_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Bitcoin' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
  });

  test(`a link from the bottom of one page opens the next at its top (${size.width}px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    expect(await scrollY(page)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
  });
}
