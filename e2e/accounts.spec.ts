import { expect, expectNoAxeViolations, newUser, test } from './fixtures';

test('a visitor registers, lands on the dashboard, logs out and signs in again', async ({ page }) => {
  const user = newUser();
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Account created successfully').first()).toBeVisible();
  await expect(page.getByTestId('header-user')).toHaveText(user.email);

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('header-user')).toHaveText(user.email);
});

test('the register form shows the spec messages and keeps what was typed', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('other');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('ab');
});

test('wrong credentials give one generic error, under the password', async ({ page, signedIn }) => {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(signedIn.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /Invalid email or password/,
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('the password toggle shows and hides the password', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('an unknown path shows the 404 page with a 404 status', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText("Sorry, the page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every page carries the financial disclaimer and the footer links', async ({ page }) => {
  for (const path of ['/', '/login', '/register', '/nope']) {
    await page.goto(path);
    await expect(page.getByRole('complementary', { name: 'Financial disclaimer' })).toContainText(
      'not financial advice',
    );
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getUTCFullYear()}`);
  }
});

test('signed-out visitors are sent from a signed-in screen to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('public pages carry their meta in the HTML the server sends', async ({ request }) => {
  const landing = await (await request.get('/')).text();
  expect(landing).toContain('<meta name="robots" content="index, follow">');
  expect(landing).toContain('og:image');
  expect(landing).toContain('application/ld+json');
  const login = await (await request.get('/login')).text();
  expect(login).toContain('<meta name="robots" content="noindex, nofollow">');
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/privacy-policy</loc>');
  const image = await request.get('/og-image.png');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});

test('the theme toggle switches to dark mode and remembers it in a cookie', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'theme_preference');
  expect(cookie?.value).toBe('dark');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on landing, login, register and 404 (${theme})`, async ({ page }) => {
    await page.goto('/');
    if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    for (const path of ['/', '/login', '/register', '/nope']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      // Hydrated, as a visitor sees the page (public-pages.spec leaves these pages to this test).
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page, `${path} (${theme})`);
    }
  });
}

test('the header fits a 375 px phone screen, signed out and signed in', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Documentation' }),
  ).toBeVisible();
});
