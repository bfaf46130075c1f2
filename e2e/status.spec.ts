import { expect, expectNoAxeViolations, test } from './fixtures';

test('the footer’s Status opens a page that says in words what works, not raw JSON', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Status' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Service status' })).toBeVisible();
  await expect(page.getByTestId('overall-status')).toHaveText('All systems working');
  await expect(page.getByRole('definition').filter({ hasText: 'Sandbox (no real money)' })).toHaveCount(2);
  await expectNoAxeViolations(page, 'status page');
});
