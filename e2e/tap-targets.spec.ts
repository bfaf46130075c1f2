import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { completedReport } from './support/grant-report';

// On a phone every control is at least 44 × 44 CSS pixels (Apple's and WCAG 2.5.5's size for a
// fingertip): tabs, header and footer links, Logout, the theme toggle, checkboxes, buttons.

const MIN = 44;

/** Every visible interactive element smaller than MIN in height or width, described. */
const smallTargets = (page: Page) =>
  page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="tab"], [role="button"], [role="checkbox"], [role="link"], [tabindex]:not([tabindex="-1"])';
    // A radio button or checkbox is tapped through its whole label.
    const tapArea = (el: HTMLElement) =>
      (el instanceof HTMLInputElement &&
      (el.type === 'radio' || el.type === 'checkbox') &&
      el.closest('label')
        ? el.closest('label')!
        : el
      ).getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false; // not rendered (or sr-only skip link)
        if (el.closest('.sr-only')) return false;
        const target = tapArea(el);
        return target.height < min - 0.5 || target.width < min - 0.5;
      })
      .map((el) => {
        const box = tapArea(el);
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        return `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  }, MIN);

test('no interactive element under 44 px on the dashboard, report and checkout at 390 px', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const reportId = await completedReport(page, signedIn.email, 'Bitcoin');

  const screens: { path: string; ready: string; tab?: string }[] = [
    { path: '/dashboard', ready: 'Dashboard' },
    { path: '/dashboard', ready: 'Dashboard', tab: 'My Reports' },
    { path: '/dashboard', ready: 'Dashboard', tab: 'Marketplace' },
    { path: `/report/${reportId}`, ready: 'Bitcoin' },
    {
      path: '/checkout?purchaseType=new_report&assetName=Bitcoin',
      ready: 'Purchase Bitcoin Research Report',
    },
    {
      path: '/cardano-checkout?purchaseType=new_report&assetName=Bitcoin&amount=4.99',
      ready: 'Pay with Cardano',
    },
  ];
  const found: string[] = [];
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.ready })).toBeVisible();
    if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
    await page.waitForLoadState('networkidle');
    for (const target of await smallTargets(page))
      found.push(`${screen.path}${screen.tab ? ` (${screen.tab})` : ''}: ${target}`);
  }
  expect(found).toEqual([]);
});
