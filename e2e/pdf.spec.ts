import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, newUser, test } from './fixtures';
import { completedReport } from './support/grant-report';

// Downloading the PDF from the report page and from My Reports saves '{asset}-research-report.pdf'.

async function expectPdfDownload(page: Page, click: () => Promise<void>, fileName: string) {
  const downloadPromise = page.waitForEvent('download');
  await click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(fileName);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5_000);
}

test('Download PDF on the report page saves the report under its asset name', async ({ page, signedIn }) => {
  const reportId = await completedReport(page, signedIn.email, 'Bitcoin');
  await page.goto(`/report/${reportId}`);
  await expect(page.getByRole('heading', { name: 'Bitcoin', level: 1 })).toBeVisible();
  await expectPdfDownload(
    page,
    () => page.getByRole('button', { name: 'Download PDF' }).click(),
    'Bitcoin-research-report.pdf',
  );
});

test('Download PDF in My Reports saves the same file', async ({ page, signedIn }) => {
  await completedReport(page, signedIn.email, 'Cardano');
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'My Reports' }).click();
  const item = page.getByTestId('my-report').filter({ hasText: 'Cardano' });
  await expectPdfDownload(
    page,
    () => item.getByRole('button', { name: /Download PDF/ }).click(),
    'Cardano-research-report.pdf',
  );
});

test('the PDF answers only its buyers, as if the report did not exist', async ({
  page,
  browser,
  signedIn,
}) => {
  const reportId = await completedReport(page, signedIn.email, 'Solana');
  const ok = await page.request.get(`/api/reports/${reportId}/pdf`);
  expect(ok.status()).toBe(200);
  expect(ok.headers()['content-type']).toBe('application/pdf');
  expect(ok.headers()['content-disposition']).toContain('Solana-research-report.pdf');

  const url = new URL(`/api/reports/${reportId}/pdf`, ok.url()).toString();
  const stranger = await browser.newContext();
  const anonymous = await stranger.request.get(url);
  expect(anonymous.status()).toBe(401);
  const other = newUser();
  const registered = await stranger.request.post(new URL('/api/auth/register', url).toString(), {
    data: { ...other, confirmPassword: other.password },
  });
  expect(registered.status()).toBe(201);
  expect((await stranger.request.get(url)).status()).toBe(404);
  await stranger.close();
});
