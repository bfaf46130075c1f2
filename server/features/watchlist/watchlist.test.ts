import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScores, type CategoryScores } from '../../../contract/methodology';
import { WATCHLIST_MESSAGES, watchlistResponseSchema } from '../../../contract/watchlist';
import { emailMessages, researchReports, watchAlerts, watchlistEntries } from '../../db/schema';
import { sellerOf } from '../../domain/invoices';
import { completePurchase, createPendingPurchase } from '../../domain/purchases';
import { createEmailHandler, enqueueWatchAlerts, registerEmailJobs } from '../../email/jobs';
import type { EmailJob } from '../../email/outbox';
import { readableBody, startSmtpListener } from '../../email/testing/smtp-listener';
import { createMailSender } from '../../email/transport';
import { researchFromCalibration } from '../../research/testing/calibration-evidence';
import { grantNewReport } from '../../testing/grant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';

// Watchlists through the API, and the alert a new version sends its watchers: through the real
// email worker to an SMTP listener on 127.0.0.1, once per version, only when the picture changed.

let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({
    RESEARCH_DATA: 'offline',
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'Crow Research <mail@crow.test>',
    PUBLIC_URL: 'https://crow.test',
  });
  await registerEmailJobs(t.ctx);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const research = (reportId: number) => researchFromCalibration(t.ctx, reportId);

async function researchedReport(user: SignedInUser, asset: string) {
  const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, user.user.id, asset);
  expect(await research(reportId)).toBe('completed');
  return reportId;
}

/** Lowers the stored scores of a report, as if the asset had looked weaker then. */
async function scoredLower(reportId: number, changed: Partial<CategoryScores>) {
  const [row] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, reportId));
  const scores = buildScores({ ...(row!.scores as CategoryScores), ...changed });
  await t.ctx.db
    .update(researchReports)
    .set({ scores, compositeScore: scores.totalScore.toFixed(2) })
    .where(eq(researchReports.id, reportId));
}

const watchlistOf = async (user: SignedInUser) =>
  watchlistResponseSchema.parse(
    (await t.app.inject({ url: '/api/watchlist', headers: { cookie: user.cookie } })).json(),
  );
const watch = (user: SignedInUser, assetId: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/watchlist',
    headers: { cookie: user.cookie },
    payload: { assetId },
  });
const received = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describe('the watchlist API', () => {
  it('adds, lists with the newest report, and removes an asset; refuses what no report covers', async () => {
    const buyer = await signUp(t.app);
    const watcher = await signUp(t.app);
    const reportId = await researchedReport(buyer, 'litecoin');

    const added = await watch(watcher, 'litecoin');
    expect(added.statusCode).toBe(201);
    expect((await watch(watcher, 'litecoin')).statusCode).toBe(201); // adding twice keeps one entry
    const list = await watchlistOf(watcher);
    expect(list.assets).toHaveLength(1);
    expect(list.assets[0]).toMatchObject({
      assetId: 'litecoin',
      latest: { reportId, version: 1 },
    });

    const unknown = await watch(watcher, 'no-such-coin');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(WATCHLIST_MESSAGES.noReport);
    const blank = await watch(watcher, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/Asset id is required/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/watchlist', payload: { assetId: 'litecoin' } }))
        .statusCode,
    ).toBe(401);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/watchlist/litecoin',
      headers: { cookie: watcher.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await watchlistOf(watcher)).assets).toEqual([]);
  });

  it('buying a report puts its asset on the watchlist, unless the buyer turned that off', async () => {
    const buyer = await signUp(t.app);
    const buy = async (assetId: string, assetName: string) => {
      const pending = await createPendingPurchase(t.ctx.db, {
        userId: buyer.user.id,
        purchaseType: 'new_report',
        assetName,
        assetId,
        reportId: null,
        paymentMethod: 'card',
        stripePaymentIntentId: `pi_watch_${randomUUID()}`,
      });
      await t.ctx.db.transaction((tx) =>
        completePurchase(tx, t.ctx.queue, pending.id, sellerOf(t.ctx.config)),
      );
    };
    await buy('bitcoin', 'Bitcoin');
    expect((await watchlistOf(buyer)).assets.map((a) => a.assetId)).toEqual(['bitcoin']);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/watchlist/settings',
      headers: { cookie: buyer.cookie },
      payload: { watchOnPurchase: false },
    });
    expect(off.json().watchOnPurchase).toBe(false);
    await buy('dogecoin', 'Dogecoin');
    expect((await watchlistOf(buyer)).assets.map((a) => a.assetId)).toEqual(['bitcoin']);
  });
});

describe('alerts when a new version completes', () => {
  it('emails each watcher once per version, with an unsubscribe link that works signed out, and shows a notice', async () => {
    const first = await signUp(t.app);
    const refresher = await signUp(t.app);
    const watcher = await signUp(t.app);
    const v1 = await researchedReport(first, 'uniswap');
    // As the research job does on completion: the buyer, whose purchase named no asset id, now watches it.
    await enqueueWatchAlerts(t.ctx.db, t.ctx.queue, v1);
    await expect
      .poll(async () => (await watchlistOf(first)).assets.map((a) => a.assetId), { timeout: 15_000 })
      .toEqual(['uniswap']);
    await scoredLower(v1, { marketCap: 1, volumeX2: 1, socialMetricsX2: 1 });
    expect((await watch(watcher, 'uniswap')).statusCode).toBe(201);
    const v2 = await researchedReport(refresher, 'uniswap');

    await enqueueWatchAlerts(t.ctx.db, t.ctx.queue, v2);
    await expect.poll(() => received(watcher.user.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
    const mail = received(watcher.user.email)[0]!;
    expect(mail.raw).toMatch(/Subject: uniswap: version 2 of its report changes the picture/i);
    const body = readableBody(mail.raw);
    expect(body).toMatch(/The total moved from [\d.]+ to [\d.]+ of 77/);
    expect(body).toContain('not financial advice');
    // The first buyer watches too (buying added the asset) and hears of it; the refresher does not.
    const alertsTo = (address: string) =>
      received(address).filter((m) => m.raw.includes('changes the picture'));
    await expect.poll(() => alertsTo(first.user.email).length, { timeout: 15_000 }).toBe(1);
    expect(received(refresher.user.email).some((m) => m.raw.includes('changes the picture'))).toBe(false);

    // The same version reported again sends nothing twice.
    await enqueueWatchAlerts(t.ctx.db, t.ctx.queue, v2);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received(watcher.user.email)).toHaveLength(1);
    const notices = (await watchlistOf(watcher)).alerts;
    expect(notices).toHaveLength(1);
    // The watcher owns no version: the notice leads to buying version 2.
    expect(notices[0]).toMatchObject({ reportId: v2, assetId: 'uniswap', version: 2, ownedReportId: null });
    // The owner of version 1 is led to it, where every newer version is summarised for free.
    expect((await watchlistOf(first)).alerts).toEqual([
      expect.objectContaining({ reportId: v2, version: 2, ownedReportId: v1 }),
    ]);

    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/watchlist/alerts/${notices[0]!.id}/dismiss`,
      headers: { cookie: watcher.cookie },
    });
    expect(dismissed.statusCode).toBe(200);
    expect((await watchlistOf(watcher)).alerts).toEqual([]);

    const link = /https:\/\/crow\.test(\/watchlist\/unsubscribe\?token=[\w%-]+)/.exec(body)?.[1];
    expect(link).toBeDefined();
    // The same address in the headers mail clients read for their own "Unsubscribe" button.
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <https://crow.test${link}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const page = await t.app.inject({ url: link! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await watchlistOf(watcher)).assets).toHaveLength(1); // opening the link alone changes nothing
    // A mail client's one-click POST: no cookie, no origin, the body RFC 8058 prescribes.
    const done = await t.app.inject({
      method: 'POST',
      url: link!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('is no longer on your watchlist');
    expect((await watchlistOf(watcher)).assets).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: link! })).statusCode).toBe(404);
  });

  it('one-click unsubscribe also accepts the body as multipart form data, signed out', async () => {
    const watcher = await signUp(t.app);
    const [report] = await t.ctx.db
      .insert(researchReports)
      .values({ assetName: 'Chainlink', assetId: 'chainlink', status: 'completed', isPublic: true })
      .returning();
    expect(report).toBeDefined();
    expect((await watch(watcher, 'chainlink')).statusCode).toBe(201);
    const [entry] = await t.ctx.db
      .select()
      .from(watchlistEntries)
      .where(eq(watchlistEntries.userId, watcher.user.id));
    const boundary = '----crowOneClick';
    const response = await t.app.inject({
      method: 'POST',
      url: `/watchlist/unsubscribe?token=${encodeURIComponent(entry!.unsubscribeToken)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await watchlistOf(watcher)).assets).toEqual([]);
  });

  it('JSON routes refuse a form body with 415: only the unsubscribe link takes one', async () => {
    const watcher = await signUp(t.app);
    const formPost = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: watcher.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'assetId=chainlink',
      });
    for (const url of ['/api/watchlist/alerts/1/dismiss', '/api/watchlist']) {
      const response = await formPost(url);
      expect(response.statusCode, url).toBe(415);
      expect(response.json(), url).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // The unsubscribe link still takes its form (here with a token nobody has).
    expect((await formPost('/watchlist/unsubscribe?token=unknown')).statusCode).toBe(404);
  });

  it('sends nothing when the new version moves the total by less than 3 points and keeps the risk level', async () => {
    const first = await signUp(t.app);
    const watcher = await signUp(t.app);
    const v1 = await researchedReport(first, 'stellar');
    // One point lower on one weight-1 category: about 1 point of 77.
    const [stored] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, v1));
    const scores = stored!.scores as CategoryScores;
    const key = (['team', 'useCase', 'marketCap', 'audits'] as const).find((k) => scores[k] >= 2)!;
    await scoredLower(v1, { [key]: scores[key] - 1 });
    expect((await watch(watcher, 'stellar')).statusCode).toBe(201);
    const v2 = await researchedReport(first, 'stellar');
    const [a, b] = await Promise.all(
      [v1, v2].map(
        async (id) => (await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, id)))[0]!,
      ),
    );
    expect(Math.abs(Number(b!.compositeScore) - Number(a!.compositeScore))).toBeLessThan(3);
    expect((b!.scores as { riskLevel: string }).riskLevel).toBe(
      (a!.scores as { riskLevel: string }).riskLevel,
    );

    await enqueueWatchAlerts(t.ctx.db, t.ctx.queue, v2);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(received(watcher.user.email)).toHaveLength(0);
    expect(await t.ctx.db.select().from(watchAlerts).where(eq(watchAlerts.reportId, v2))).toEqual([]);
    expect(
      await t.ctx.db.select().from(emailMessages).where(eq(emailMessages.userId, watcher.user.id)),
    ).toEqual([]);
  });

  it('stops emailing a watcher after 3 alerts in a day; the dashboard notice still arrives', async () => {
    const watcher = await signUp(t.app);
    const buyer = await signUp(t.app);
    const assets = ['monero', 'tezos', 'algorand', 'cosmos'];
    const latest: number[] = [];
    for (const asset of assets) {
      const v1 = await researchedReport(buyer, asset);
      await scoredLower(v1, { marketCap: 1, volumeX2: 1, socialMetricsX2: 1 });
      expect((await watch(watcher, asset)).statusCode).toBe(201);
      latest.push(await researchedReport(buyer, asset));
    }
    for (const reportId of latest) await enqueueWatchAlerts(t.ctx.db, t.ctx.queue, reportId);
    await expect.poll(async () => (await watchlistOf(watcher)).alerts.length, { timeout: 15_000 }).toBe(4);
    await expect.poll(() => received(watcher.user.email).length, { timeout: 15_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(received(watcher.user.email)).toHaveLength(3);
    const rows = await t.ctx.db.select().from(watchAlerts).where(eq(watchAlerts.userId, watcher.user.id));
    expect(rows.filter((row) => row.emailed)).toHaveLength(3);
  });
});

describe('the daily email limit under concurrency', () => {
  /** Two completed versions on a fresh asset, the newer one 6 points higher: an alert for its watchers. */
  async function assetWithNewVersion(watcher: SignedInUser, n: number) {
    const assetId = `race-${n}-${randomUUID().slice(0, 8)}`;
    const version = (score: string, completedAt: Date) =>
      t.ctx.db
        .insert(researchReports)
        .values({
          assetName: `Race ${n}`,
          assetId,
          status: 'completed',
          isPublic: true,
          compositeScore: score,
          completedAt,
        })
        .returning({ id: researchReports.id });
    await version('40.00', new Date(Date.now() - 60_000));
    expect((await watch(watcher, assetId)).statusCode).toBe(201);
    const [latest] = await version('46.00', new Date());
    return latest!.id;
  }

  it('versions completing at the same moment never email a watcher beyond 3 a day', async () => {
    const watcher = await signUp(t.app);
    const latest: number[] = [];
    for (let n = 0; n < 6; n += 1) latest.push(await assetWithNewVersion(watcher, n));
    // Six alert jobs handled at once, as six workers would.
    const handle = createEmailHandler(t.ctx, createMailSender(t.ctx.config));
    await Promise.all(
      latest.map((reportId) =>
        handle([
          {
            data: { event: 'watch_alert', reportId },
            retryCount: 0,
            retryLimit: 6,
          } as PgBoss.JobWithMetadata<EmailJob>,
        ]),
      ),
    );
    const alerts = await t.ctx.db.select().from(watchAlerts).where(eq(watchAlerts.userId, watcher.user.id));
    expect(alerts).toHaveLength(6);
    expect(alerts.filter((alert) => alert.emailed)).toHaveLength(3);
    const stored = await t.ctx.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.userId, watcher.user.id));
    expect(stored.filter((m) => m.kind === 'watch_alert')).toHaveLength(3);
    await expect.poll(() => received(watcher.user.email).length, { timeout: 15_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(received(watcher.user.email)).toHaveLength(3);
  });
});
