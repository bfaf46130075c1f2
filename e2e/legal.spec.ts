import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

const LEGAL_PAGES = [
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy — Crow Research' },
  { path: '/terms-of-service', heading: 'Terms of Service', title: 'Terms of Service — Crow Research' },
  { path: '/cookie-policy', heading: 'Cookie Policy', title: 'Cookie Policy — Crow Research' },
  { path: '/disclaimer', heading: 'Disclaimer', title: 'Disclaimer — Crow Research' },
];

async function siteConfig(page: Page) {
  return (await (await page.request.get('/api/config')).json()) as {
    supportEmail: string;
    privacyEmail: string;
    cookiePolicyUpdated: string;
  };
}

test('privacy policy and terms: 30-day answers, 30 days notice, contact addresses from configuration', async ({
  page,
}) => {
  const config = await siteConfig(page);
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText(/We answer every inquiry within 30 days/)).toBeVisible();
  await expect(page.getByText(/at least 30 days' notice/)).toBeVisible();
  await expect(page.getByRole('link', { name: config.privacyEmail }).first()).toHaveAttribute(
    'href',
    `mailto:${config.privacyEmail}`,
  );

  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText(/at least 30 days' notice/)).toBeVisible();
  await expect(page.getByText(/within 30 days/)).toBeVisible();
  await expect(page.getByRole('link', { name: config.supportEmail }).first()).toBeVisible();
  await expect(page.getByText('$4.99', { exact: false })).toBeVisible();
});

test('cookie policy: date, four types, the exact table, browsers, warning, updates, contact, back home', async ({
  page,
}) => {
  const config = await siteConfig(page);
  await page.goto('/cookie-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
  const updated = new Date(`${config.cookiePolicyUpdated}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByTestId('cookie-policy-updated')).toHaveText(`Last updated: ${updated}`);

  for (const type of [
    'Essential cookies',
    'Analytics cookies',
    'Functional cookies',
    'Third-party cookies',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: type })).toBeVisible();
  }
  await expect(page.getByText(/They cannot be disabled/)).toBeVisible();

  const rows = await page
    .getByRole('table')
    .locator('tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim())));
  expect(rows).toEqual([
    ['Cookie', 'Lifetime', 'Type', 'Purpose'],
    ['session_id', 'session', 'essential', 'session'],
    ['theme_preference', '1 year', 'functional', 'dark/light mode'],
    ['analytics_id', '2 years', 'analytics', 'analytics'],
    ['research_prefs', '6 months', 'functional', 'preferences'],
  ]);

  for (const browser of ['Chrome:', 'Firefox:', 'Safari:', 'Edge:']) {
    await expect(page.getByText(browser, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('note', { name: 'Warning' })).toContainText(
    'disabling cookies may limit features',
  );
  await expect(page.getByRole('heading', { name: 'Updates to this policy' })).toBeVisible();
  await expect(page.getByRole('link', { name: config.privacyEmail })).toHaveAttribute(
    'href',
    `mailto:${config.privacyEmail}?subject=Cookie%20Policy%20Inquiry`,
  );
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('disclaimer: the critical warning first, then every section in the spec order', async ({ page }) => {
  await page.goto('/disclaimer');
  await expect(page.getByTestId('critical-warning')).toContainText('not financial advice');
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    'Not Financial Advice',
    'Investment Risks',
    'AI Analysis Limitations',
    'Past Performance',
    'Regulatory and Legal',
    'Global Access',
    'Limitation of Liability',
    'Seek Professional Advice',
    'User Acknowledgment',
  ]);
  await expect(page.getByRole('heading', { level: 3, name: 'Market risks' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Crypto-specific risks' })).toBeVisible();
  await expect(
    page.getByText('your use of the site implies your agreement with this disclaimer.'),
  ).toBeVisible();
  const bannerBox = await page.getByTestId('critical-warning').boundingBox();
  const firstSection = await page.getByRole('heading', { name: 'Not Financial Advice' }).boundingBox();
  expect(bannerBox!.y).toBeLessThan(firstSection!.y);
});

test('legal pages carry their meta in the server HTML, are indexed and listed in the sitemap', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const legal of LEGAL_PAGES) {
    const response = await request.get(legal.path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${legal.title}</title>`);
    expect(html).toContain('<meta name="robots" content="index, follow">');
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:${new URL(response.url()).port}${legal.path}">`,
    );
    expect(sitemap).toContain(`${legal.path}</loc>`);
  }
});

for (const viewport of [
  { name: 'a phone', width: 375, height: 740 },
  { name: '200% zoom of a 1280 px window', width: 640, height: 400 },
]) {
  test(`legal pages read without sideways scrolling on ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const legal of LEGAL_PAGES) {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
      // Neither the page nor any box inside it (the cookie table's, say) may need sideways scrolling.
      const overflowing = await page.evaluate(() => {
        const found: string[] = [];
        // The page text itself (the shared header is checked by its own tests).
        const main = document.querySelector('main')!;
        if (main.getBoundingClientRect().right > window.innerWidth || main.scrollWidth > main.clientWidth)
          found.push('main');
        for (const element of document.querySelectorAll('main *')) {
          if (element.closest('.sr-only')) continue;
          if (element.scrollWidth > element.clientWidth + 1) {
            const overflowX = getComputedStyle(element).overflowX;
            if (overflowX !== 'visible') found.push(`${element.tagName}.${element.className}`);
          }
        }
        return found;
      });
      expect(overflowing, legal.path).toEqual([]);
      const fontSize = await page
        .getByRole('heading', { level: 1 })
        .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(24);
    }
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on the four legal pages (${theme})`, async ({ page }) => {
    await page.goto('/privacy-policy');
    if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    for (const legal of LEGAL_PAGES) {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
      // Hydrated, as a visitor sees the page (public-pages.spec leaves these pages to this test).
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page, `${legal.path} (${theme})`);
    }
  });
}
