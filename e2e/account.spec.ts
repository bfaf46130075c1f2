import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, newUser, PASSWORD, setTheme, signInAs, test } from './fixtures';

const NEW_PASSWORD = 'Renewed#Pass7';

/** The reset link in the newest outbox message to `email`, read from the sandbox outbox page. */
async function openResetLinkFromOutbox(page: Page, email: string) {
  await page.goto('/dev/outbox');
  await expect(page.getByTestId('sandbox-notice')).toContainText('Sandbox: no email is sent.');
  const message = page
    .getByRole('article')
    .filter({ hasText: `To ${email}` })
    .filter({ hasText: 'Reset your Crow Research password' })
    .first();
  await expect(message).toBeVisible({ timeout: 15_000 });
  await message.getByRole('link', { name: /\/reset-password\?token=/ }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=[\w-]+$/);
}

test('a customer who forgot the password resets it through the emailed link', async ({ page, signedIn }) => {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(signedIn.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that email');

  await openResetLinkFromOutbox(page, signedIn.email);
  await page.getByLabel('New password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm new password').fill('weakpass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must contain an uppercase letter')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  // The link works once.
  await page.reload();
  await page.getByLabel('New password', { exact: true }).fill('Another#Pass8');
  await page.getByLabel('Confirm new password').fill('Another#Pass8');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link has already been used');

  await page.goto('/login');
  await page.getByLabel('Email').fill(signedIn.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the header links to the account page, which is for signed-in users only', async ({
  page,
  signedIn,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText(signedIn.email).first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await page.context().clearCookies();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

test('a customer changes the password; the other session is signed out', async ({
  page,
  browser,
  signedIn,
}) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await otherPage.goto('/');
    await signInAs(otherPage, signedIn.email, PASSWORD);

    await page.goto('/account');
    await page.getByLabel('Current password').fill('Wrong#Pass1');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is not correct').first()).toBeVisible();

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your other sessions have been signed out').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);

    expect((await otherPage.request.get('/api/auth/me')).status()).toBe(401);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    const relogin = await page.request.post('/api/auth/login', {
      data: { email: signedIn.email, password: NEW_PASSWORD },
    });
    expect(relogin.status()).toBe(200);
  } finally {
    await other.close();
  }
});

test('a customer signs out another session from the sessions list', async ({ page, browser, signedIn }) => {
  const other = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  });
  const otherPage = await other.newPage();
  try {
    await otherPage.goto('/');
    await signInAs(otherPage, signedIn.email, PASSWORD);

    await page.goto('/account');
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').filter({ hasText: 'This browser' })).toContainText('Chrome');
    const firefox = sessions.getByRole('listitem').filter({ hasText: 'Firefox 133 on Windows' });
    await firefox.getByRole('button', { name: /^Sign out Firefox 133 on Windows/ }).click();
    await expect(page.getByText('That session has been signed out.').first()).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    expect((await otherPage.request.get('/api/auth/me')).status()).toBe(401);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  } finally {
    await other.close();
  }
});

test('a customer downloads their data as JSON', async ({ page, signedIn }) => {
  await page.goto('/account');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^crow-research-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ username: signedIn.username, email: signedIn.email });
  expect(data.purchases).toEqual([]);
  expect(data.bugReports).toEqual([]);
  expect(data.sessions).toHaveLength(1);
});

test('a customer deletes the account; the email can register again', async ({ page, signedIn }) => {
  await page.goto('/account');
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('The password is not correct').first()).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  const login = await page.request.post('/api/auth/login', {
    data: { email: signedIn.email, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
  const again = await page.request.post('/api/auth/register', {
    data: { ...signedIn, confirmPassword: signedIn.password },
  });
  expect(again.status()).toBe(201);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the account pages pass axe (${theme})`, async ({ page }) => {
    const user = newUser();
    await setTheme(page, theme);
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectNoAxeViolations(page, `forgot password (${theme})`);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expectNoAxeViolations(page, `forgot password with an error (${theme})`);

    await page.goto('/reset-password?token=made-up');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectNoAxeViolations(page, `reset password (${theme})`);

    await page.goto('/dev/outbox');
    await expect(page.getByTestId('sandbox-notice')).toBeVisible();
    await expect(page.getByText('Loading messages...')).toHaveCount(0);
    await expectNoAxeViolations(page, `development outbox (${theme})`);

    const response = await page.request.post('/api/auth/register', {
      data: { ...user, confirmPassword: user.password },
    });
    expect(response.status()).toBe(201);
    await page.goto('/account');
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(page, `account (${theme})`);
  });
}
