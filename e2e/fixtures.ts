import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export const PASSWORD = 'Sturdy#Pass1';
let counter = 0;

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

export function newUser(): TestUser {
  counter += 1;
  const username = `u${Date.now().toString(36)}${counter}`;
  return { username, email: `${username}@example.com`, password: PASSWORD };
}

export const test = base.extend<{ signedIn: TestUser }>({
  /** A new user registered through the API, with the session cookie in the page's context. */
  signedIn: async ({ page }, use) => {
    const user = newUser();
    const response = await page.request.post('/api/auth/register', {
      data: { ...user, confirmPassword: user.password },
    });
    expect(response.status()).toBe(201);
    await use(user);
  },
});

export async function signInAs(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Fails with the list of violations when axe finds any (WCAG 2.1 A and AA rules).
 * Legacy mode runs axe.run in the page itself instead of axe.runPartial plus finishRun in a new
 * blank page; the only difference is that cross-origin frames are skipped, and our pages have no
 * frames. Only violations are asserted, so axe does not collect passing and inapplicable nodes.
 * Together about half the time per check, with the same violations found.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  // options() replaces the whole options object, so it comes before withTags (which adds runOnly).
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

export async function setTheme(page: Page, theme: 'light' | 'dark') {
  const url = new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url());
  await page
    .context()
    .addCookies([{ name: 'theme_preference', value: theme, domain: url.hostname, path: '/' }]);
}
