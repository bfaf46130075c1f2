import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { grantNewReport } from './support/grant-report';

// Until the visitor picks a theme with the toggle, the site follows the system's light or dark
// setting (prefers-color-scheme), in CSS alone: no page is drawn in the wrong theme first, even
// before any script runs. A pick is kept in the theme_preference cookie and wins over the system.

test.use({ colorScheme: 'dark' });

const DARK_BG = 'rgb(11, 18, 32)';
const LIGHT_BG = 'rgb(248, 250, 252)';

const background = (page: Page, element: 'html' | 'body' = 'html') =>
  page.evaluate((name) => getComputedStyle(document.querySelector(name)!).backgroundColor, element);

const PALETTE = ['bg', 'fg', 'card', 'muted', 'subtle', 'border', 'primary', 'primary-fg', 'accent'].concat([
  'destructive',
  'destructive-fg',
  'success',
  'warning',
]);
const palette = (page: Page) =>
  page.evaluate(
    (names) =>
      names.map((name) => getComputedStyle(document.documentElement).getPropertyValue(`--color-${name}`)),
    PALETTE,
  );

test('a dark system setting draws every page dark before any script runs, without a cookie', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark', javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    for (const path of ['/', '/login', '/documentation', '/track-record', '/dashboard', '/sample-report']) {
      await page.goto(path);
      expect(await page.locator('html').getAttribute('class'), path).toBeNull();
      // The sample report is a page of its own, with its own dark palette on <body>.
      if (path === '/sample-report') expect(await background(page, 'body'), path).toBe('rgb(11, 17, 32)');
      else expect(await background(page), path).toBe(DARK_BG);
    }
  } finally {
    await context.close();
  }
});

test('the system palette is the toggle’s dark palette, the toggle offers light, and axe passes', async ({
  page,
  signedIn,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  const system = await palette(page);
  for (const path of ['/', '/login', '/register', '/bug-report']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await background(page), path).toBe(DARK_BG);
    await expectNoAxeViolations(page, `${path} (system dark)`);
  }
  const reportId = await grantNewReport(signedIn.email, 'Bitcoin');
  await page.goto(`/report/${reportId}`);
  await expect(page.getByTestId('verdict-summary')).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page, 'report (system dark)');
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: 'New Report' })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard (system dark)');

  // The same colours as a dark theme picked with the toggle.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass('dark');
  expect(await palette(page)).toEqual(system);
});

test('a theme picked with the toggle wins over the system and is kept; without one the page follows the system live', async ({
  page,
}) => {
  await page.goto('/');
  expect(await background(page)).toBe(DARK_BG);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveClass('light');
  expect(await background(page)).toBe(LIGHT_BG);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'theme_preference');
  expect(cookie?.value).toBe('light');
  // Kept on the next page load, with the server writing the class (no dark first).
  const html = await (await page.request.get('/login')).text();
  expect(html).toContain('<html lang="en" class="light">');
  await page.goto('/login');
  expect(await background(page)).toBe(LIGHT_BG);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();

  // No pick: the page changes with the system setting, and the toggle with it.
  await page.context().clearCookies({ name: 'theme_preference' });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await background(page)).toBe(LIGHT_BG);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background(page)).toBe(DARK_BG);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});
