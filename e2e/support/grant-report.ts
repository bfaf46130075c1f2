import { expect, type Page } from '@playwright/test';
import { and, eq, sql } from 'drizzle-orm';
import { queueExecutorFor } from '../../server/db/client';
import { researchProgress, researchReports, users } from '../../server/db/schema';
import { SANDBOX_SELLER } from '../../server/domain/invoices';
import { completePurchase, createPendingPurchase } from '../../server/domain/purchases';
import { JOBS } from '../../server/jobs/definitions';
import { markAgentStarted } from '../../server/research/repository';
import { withE2eDatabase } from './database';

// Browser tests that need a purchase without going through a checkout create it through the
// domain service, on the e2e server's embedded database (the real worker then researches it).

const withDatabase = withE2eDatabase;

/**
 * A completed card purchase of a new report for the user with this email; returns the report id.
 * `holdSeconds` keeps the research job waiting that long, so a test can watch the report's
 * whole life on screen; `releaseHeldResearch` ends the wait as soon as the test has seen enough.
 */
export async function grantNewReport(email: string, assetName: string, holdSeconds = 0): Promise<number> {
  return withDatabase(async ({ db }, queue) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    if (!user) throw new Error(`no user with email ${email}`);
    return db.transaction(async (tx) => {
      const pending = await createPendingPurchase(tx, {
        userId: user.id,
        purchaseType: 'new_report',
        assetName,
        reportId: null,
        paymentMethod: 'card',
        stripePaymentIntentId: `pi_e2e_${Date.now()}_${Math.random().toString(36).slice(2)}`,
      });
      const { purchase } = await completePurchase(tx, queue, pending.id, SANDBOX_SELLER);
      if (holdSeconds > 0) {
        await queueExecutorFor(tx).executeSql(
          `update pgboss.job set start_after = now() + make_interval(secs => $1)
           where name = $2 and data->>'reportId' = $3`,
          [holdSeconds, JOBS.research.name, String(purchase.reportId)],
        );
      }
      return purchase.reportId!;
    });
  });
}

/**
 * Waits until the e2e server's worker has researched the report (offline snapshot) to the end,
 * as its reader would see it: GET /api/reports/:id reads completed. The worker finishes in about a
 * second, so it asks every 250 ms rather than Playwright's default of up to 1 s apart.
 */
export async function waitForCompletedReport(page: Page, reportId: number): Promise<void> {
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/reports/${reportId}`)).json()).report?.report_status,
      { timeout: 60_000, intervals: [250] },
    )
    .toBe('completed');
}

/** A bought new report on `assetName` for the user with this email, completed; returns its id. */
export async function completedReport(page: Page, email: string, assetName: string): Promise<number> {
  const reportId = await grantNewReport(email, assetName);
  await waitForCompletedReport(page, reportId);
  return reportId;
}

/** Lets the worker pick up a research job held back by `grantNewReport(..., holdSeconds)` now. */
export async function releaseHeldResearch(reportId: number): Promise<void> {
  await withDatabase(async (handle) => {
    await queueExecutorFor(handle.db).executeSql(
      `update pgboss.job set start_after = now()
       where name = $1 and data->>'reportId' = $2 and state = 'created'`,
      [JOBS.research.name, String(reportId)],
    );
  });
}

/** What a worker does first when it picks the job up: the report turns processing. */
export async function markReportProcessing(reportId: number): Promise<void> {
  await withDatabase(async ({ db }) => {
    await db
      .update(researchReports)
      .set({ status: 'processing', updatedAt: sql`now()` })
      .where(eq(researchReports.id, reportId));
  });
}

/** What the research job records as it goes: one category finished, another started. */
export async function markCategoriesProgress(
  reportId: number,
  finished: { key: string; agentName: string },
  started: { key: string; agentName: string },
): Promise<void> {
  await withDatabase(async ({ db }) => {
    await markAgentStarted(db, reportId, finished);
    await db
      .update(researchProgress)
      .set({ status: 'completed', score: '3.00', completedAt: new Date() })
      .where(and(eq(researchProgress.reportId, reportId), eq(researchProgress.categoryKey, finished.key)));
    await markAgentStarted(db, reportId, started);
  });
}
