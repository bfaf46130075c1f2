import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, newUser, PASSWORD, test } from './fixtures';

// An error is said under the field it is about, wired for screen readers (aria-invalid,
// aria-describedby) and gone as soon as the person corrects the field; a toast in a corner (on
// a phone, over the header) is kept for events away from any field.

const PHONE = { width: 390, height: 844 };

async function expectFieldError(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message instanceof RegExp ? message : new RegExp(message));
}

async function expectFieldCleared(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await expect(field).not.toHaveAccessibleDescription(new RegExp(message));
}

const errorToasts = (page: Page) => page.locator('[data-variant="destructive"]');

/** The API refusing a request as the server does when a service is paused (503, Fastify's error body). */
const refuseAsUnavailable = (page: Page, url: string, message: string) =>
  page.route(url, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message }),
    }),
  );

test('a wrong password is said under the password and cleared by typing; a taken email under the email', async ({
  page,
  signedIn,
}) => {
  await page.setViewportSize(PHONE);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(signedIn.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectFieldError(password, 'Invalid email or password');
  await expect(errorToasts(page)).toHaveCount(0);
  await expectNoAxeViolations(page, 'login with a wrong password');
  await password.fill('Wrong#Pass2');
  await expectFieldCleared(password, 'Invalid email or password');

  await page.goto('/register');
  const taken = { ...newUser(), email: signedIn.email };
  await page.getByLabel('Username').fill(taken.username);
  const email = page.getByLabel('Email');
  await email.fill(taken.email);
  await page.getByLabel('Password', { exact: true }).fill(taken.password);
  await page.getByLabel('Confirm password').fill(taken.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError(email, 'An account with that email already exists');
  await expect(errorToasts(page)).toHaveCount(0);
  await email.fill(`other-${taken.email}`);
  await expectFieldCleared(email, 'An account with that email already exists');
});

test('an empty asset name is said under the name and cleared once a name is typed', async ({
  page,
  signedIn: _user,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  const name = page.getByLabel('Crypto asset name');
  await name.press('Enter');
  await expectFieldError(name, 'Please enter a crypto asset name');
  await expect(errorToasts(page)).toHaveCount(0);
  await expectNoAxeViolations(page, 'new report with an empty name');
  await name.fill('bitcoin');
  await expectFieldCleared(name, 'Please enter a crypto asset name');
  await expect(page.getByText('Please enter a crypto asset name')).toHaveCount(0);
});

test('a declined card is said under the card number and cleared when the number changes', async ({
  page,
  signedIn: _user,
}) => {
  await page.setViewportSize(PHONE);
  const asset = `Declined inline ${Date.now().toString(36)}`;
  await page.goto('/dashboard');
  await page.getByLabel('Crypto asset name').fill(asset);
  await expect(page.getByText(`We could not find “${asset}”`)).toBeVisible();
  await page.getByRole('button', { name: 'Purchase New Report' }).click();
  await page.getByRole('button', { name: 'Buy anyway for $4.99' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const card = page.getByLabel('Card number (sandbox)');
  await card.fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  await expectFieldError(card, /Payment Failed: Your card was declined\./);
  await expect(errorToasts(page)).toHaveCount(0);
  await expectNoAxeViolations(page, 'declined card');
  await card.fill('4242 4242 4242 4242');
  await expectFieldCleared(card, 'Your card was declined');
});

test('the password rules tick one by one while typing, on register and on the reset form', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  const rules = page.getByTestId('password-rules').getByRole('listitem');
  await expect(rules).toHaveCount(5);
  await expect(rules.and(page.locator('[data-met="true"]'))).toHaveCount(0);
  const password = page.getByLabel('Password', { exact: true });
  const met = () => rules.and(page.locator('[data-met="true"]'));
  await password.pressSequentially('password');
  await expect(met()).toHaveText([/At least 8 characters/, /A lowercase letter/]);
  await password.pressSequentially('P1');
  await expect(met()).toHaveCount(4);
  await expect(rules.and(page.locator('[data-met="false"]'))).toHaveText(/A special character/);
  await password.pressSequentially('!');
  await expect(met()).toHaveCount(5);
  await expect(password).toHaveAccessibleDescription(/A special character \(met\)/);
  await expectNoAxeViolations(page, 'register with the password checklist');

  await page.goto('/reset-password?token=not-a-real-token');
  const replacement = page.getByLabel('New password', { exact: true });
  await replacement.pressSequentially('Abc');
  await expect(met()).toHaveText([/An uppercase letter/, /A lowercase letter/]);
});

test('the account forms say a wrong password under the password field, not in a toast, and typing clears it', async ({
  page,
  signedIn: _user,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/account');
  const current = page.getByLabel('Current password');
  await current.fill('Wrong#Pass1');
  await page.getByLabel('New password', { exact: true }).fill('Renewed#Pass7');
  await page.getByLabel('Confirm new password').fill('Renewed#Pass7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectFieldError(current, 'Your current password is not correct');
  await expect(errorToasts(page)).toHaveCount(0);
  await expectNoAxeViolations(page, 'account with a wrong current password');
  await current.fill(PASSWORD);
  await expectFieldCleared(current, 'Your current password is not correct');

  // The same password as the current one is said under the new password.
  const next = page.getByLabel('New password', { exact: true });
  await next.fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectFieldError(next, 'The new password must differ from the current one');
  await expect(errorToasts(page)).toHaveCount(0);

  const deletion = page.getByLabel('Password', { exact: true });
  await deletion.fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expectFieldError(deletion, 'The password is not correct');
  await expect(errorToasts(page)).toHaveCount(0);
  await deletion.fill('Wrong#Pass2');
  await expectFieldCleared(deletion, 'The password is not correct');
  await expect(page).toHaveURL(/\/account$/);
});

test('a refused bug report is said under its submit button, which points at it; editing a field clears it', async ({
  page,
  signedIn: _user,
}) => {
  await page.setViewportSize(PHONE);
  await refuseAsUnavailable(page, '**/api/bug-report', 'Bug reports are paused for maintenance');
  await page.goto('/bug-report');
  await page.getByLabel('Name *').fill('Grace Hopper');
  await page.getByLabel('Category').selectOption({ label: 'Payment Issues' });
  const title = page.getByLabel('Title *');
  await title.fill('Pay button spins');
  await page.getByLabel('Description *').fill('The Pay button spins forever.');
  const submit = page.getByRole('button', { name: 'Submit Bug Report' });
  await submit.click();
  await expect(submit).toHaveAccessibleDescription(
    /Submission Failed: Bug reports are paused for maintenance/,
  );
  await expect(page.locator('#bug-report-error')).toBeVisible();
  await expect(errorToasts(page)).toHaveCount(0);
  await expect(title).toHaveValue('Pay button spins');
  await expectNoAxeViolations(page, 'bug report refused');
  await title.fill('Pay button spins forever');
  await expect(page.locator('#bug-report-error')).toHaveCount(0);
  await expect(submit).not.toHaveAccessibleDescription(/Submission Failed/);
});

test('a refused registration is said under its button and goes at the next edit', async ({ page }) => {
  // A refusal that belongs to no field (the server is unavailable), answered as the API does.
  await refuseAsUnavailable(page, '**/api/auth/register', 'Registration is paused.');
  await page.goto('/register');
  const user = newUser();
  const username = page.getByLabel('Username');
  await username.fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  const button = page.getByRole('button', { name: 'Create Account' });
  await button.click();
  await expect(button).toHaveAccessibleDescription(/Registration is paused\./);
  await expect(errorToasts(page)).toHaveCount(0);
  await username.fill(`${user.username}x`);
  await expect(button).not.toHaveAccessibleDescription(/Registration is paused\./);
  await expect(page.getByText('Registration is paused.')).toHaveCount(0);
});
