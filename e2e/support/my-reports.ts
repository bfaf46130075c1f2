import { expect, type Page } from '@playwright/test';
import { TIMINGS_MS } from '../../contract/constants';
import type { MyReportItem } from '../../contract/reports';

/**
 * My Reports refreshes every 5 s while research runs. Once the server has finished
 * the research on `assetName`, this fast-forwards the page's clock (installed with
 * page.clock.install() before the dashboard loaded) to the next refresh, instead of waiting out
 * the rest of the interval; the test then sees the change as a user would a moment later.
 */
export async function skipToMyReportsRefresh(page: Page, assetName: string) {
  await expect
    .poll(
      async () => {
        const items = (await (await page.request.get('/api/my-reports')).json()) as MyReportItem[];
        return items.find((item) => item.asset_name === assetName)?.report_status;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe('completed');
  await page.clock.fastForward(TIMINGS_MS.myReportsActivePoll);
}
