import { expect, expectNoAxeViolations, test } from './fixtures';
import { completedReport } from './support/grant-report';

// A finished report reads without clutter: the summary leaves commits and licences to the
// Sources section, which names each source with a short link ("btc-usd-max.csv at 8e0dc7b ↗"),
// and the twelve category cards carry no "completed" badge once the research is done.

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a finished report: short source links, a summary without commits, no "completed" badges (${viewport.width} px)`, async ({
    page,
    signedIn,
  }) => {
    await page.setViewportSize(viewport);
    const reportId = await completedReport(page, signedIn.email, 'Bitcoin');
    await page.goto(`/report/${reportId}`);
    const summary = page.getByTestId('executive-summary');
    // One summary for page, PDF and API: where the data came from in a few words (issue 32).
    await expect(summary).toContainText(
      /the evidence is the offline snapshot's public datasets of [\d-]+ to [\d-]+, each credited under Data coverage and Sources\.$/,
    );
    await expect(summary).not.toContainText('license');
    await expect(summary).not.toContainText(/@ [0-9a-f]{7}/);

    const sources = page.getByTestId('sources').getByRole('listitem');
    expect(await sources.count()).toBeGreaterThan(1);
    await expect(sources.first()).toHaveText(/^\[1\] /);
    const history = page
      .getByTestId('sources')
      .getByRole('link', { name: /^btc-usd-max\.csv at [0-9a-f]{7}/ });
    await expect(history).toHaveAttribute('href', /btc-usd-max\.csv$/);
    await expect(history).toHaveAttribute('title', /license: /);
    // Every source link is short: a file or dataset at a commit, never a bare URL.
    for (const link of await page.getByTestId('sources').getByRole('link').all()) {
      expect(await link.textContent()).not.toMatch(/https?:\/\//);
    }

    // The categories' findings cite their sources with the same short links, not raw addresses.
    const categories = page.locator('section[aria-labelledby="categories-title"]');
    await expect(categories).not.toContainText('https://');
    await expect(
      categories.getByRole('link', { name: /^btc-usd-max\.csv at [0-9a-f]{7}/ }).first(),
    ).toBeVisible();

    const agents = page.getByRole('heading', { level: 3, name: /Agent$/ });
    await expect(agents).toHaveCount(12);
    await expect(page.getByText('completed', { exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoAxeViolations(page, `finished report sources (${viewport.width} px)`);
  });
}
