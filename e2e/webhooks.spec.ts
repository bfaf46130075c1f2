import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { grantNewReport } from './support/grant-report';

// The account page's webhooks: refusals under their fields, an endpoint registered with its
// events and its secret shown once, a real delivery (the worker signs and POSTs it when the
// bought report completes) in the list and the delivery log with its status (the receiver is on
// this computer, allowed by WEBHOOK_ALLOW_PRIVATE, so its answer's text is not shown), and
// deletion. On a phone's width, without sideways scrolling, axe clean.

const received: IncomingHttpHeaders[] = [];
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received.push(request.headers);
    response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks from the receiver');
  });
});
let receiverUrl = '';

test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/crow`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

test.use({ viewport: { width: 390, height: 844 } });

const sidewaysOverflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

test('a customer registers a webhook, sees its secret once and its deliveries, and deletes it', async ({
  page,
  signedIn,
}) => {
  await page.goto('/account');
  const url = page.getByLabel('Endpoint URL');
  const add = page.getByRole('button', { name: 'Add webhook' });

  // Refusals go under the field they are about, and the next edit clears them.
  await add.click();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#webhook-url-error')).toHaveText(
    'Enter the endpoint as an absolute https:// URL.',
  );
  await url.fill('ftp://example.com/hook');
  await expect(page.locator('#webhook-url-error')).toHaveCount(0);
  await add.click();
  await expect(page.locator('#webhook-url-error')).toHaveText('Webhook endpoints must use https://.');
  await url.fill(receiverUrl);
  await page.getByRole('checkbox', { name: /report\.completed/ }).uncheck();
  await add.click();
  await expect(page.locator('#webhook-events-error')).toHaveText('Choose at least one event');
  await page.getByRole('checkbox', { name: /report\.completed/ }).check();
  await expect(page.locator('#webhook-events-error')).toHaveCount(0);

  await add.click();
  const shown = page.getByRole('region', { name: /Signing secret for/ });
  await expect(shown).toBeVisible();
  const secret = await shown.getByLabel('Webhook signing secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  const listed = page.getByRole('listitem').filter({ hasText: receiverUrl });
  await expect(listed).toContainText('report.completed');
  await expect(listed).toContainText('No deliveries yet');
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, 'account page with a new webhook secret');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // A report the customer bought completes: the worker delivers report.completed, signed.
  await grantNewReport(signedIn.email, 'Bitcoin');
  await expect.poll(() => received.length, { timeout: 60_000, intervals: [500] }).toBeGreaterThan(0);
  expect(received[0]!['webhook-signature']).toMatch(/^v1,/);
  await page.reload();
  await expect(listed).toContainText('delivered', { timeout: 15_000 });
  await expect(page.getByText(secret)).toHaveCount(0);
  await listed.getByRole('button', { name: /Show deliveries/ }).click();
  const log = listed.getByRole('list', { name: `Deliveries to ${receiverUrl}` });
  await expect(log).toContainText('report.completed');
  await expect(log).toContainText('HTTP 200');
  // The receiver is on this computer (WEBHOOK_ALLOW_PRIVATE): its status shows, its answer never does.
  await expect(log).not.toContainText('thanks from the receiver');
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, 'account page with a webhook delivery log');

  await listed.getByRole('button', { name: `Delete webhook ${receiverUrl}` }).click();
  await expect(page.getByText('You have no webhook endpoints.')).toBeVisible();
});
