import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, researchReports, userPurchases } from '../db/schema';
import { sellerOf } from '../domain/invoices';
import { completePurchase, createPendingPurchase } from '../domain/purchases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUp } from '../testing/users';
import { createEmailHandler, enqueueResearchOutcomeEmail, registerEmailJobs } from './jobs';
import type { EmailJob } from './outbox';
import { readableBody, startSmtpListener } from './testing/smtp-listener';
import { createMailSender } from './transport';

// The email path end to end: events and requests store messages and enqueue jobs; the worker
// composes and delivers them through nodemailer to a real SMTP listener on 127.0.0.1.

let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ SMTP_URL: smtp.url, EMAIL_FROM: 'Crow Research <mail@crow.test>' });
  await registerEmailJobs(t.ctx);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailTo = (address: string, subject: string | RegExp) =>
  expect
    .poll(
      () =>
        smtp.received.find(
          (m) =>
            m.to.includes(address) &&
            (typeof subject === 'string' ? m.raw.includes(`Subject: ${subject}`) : subject.test(m.raw)),
        ),
      { timeout: 15_000, interval: 200 },
    )
    .toBeDefined();

const received = (address: string) => smtp.received.filter((m) => m.to.includes(address));

async function completedPurchase(
  userId: number,
  purchaseType: 'new_report' | 'existing_report',
  reportId: number | null,
) {
  const pending = await createPendingPurchase(t.ctx.db, {
    userId,
    purchaseType,
    assetName: 'Bitcoin',
    reportId,
    paymentMethod: 'card',
    stripePaymentIntentId: `pi_mail_${userId}_${Date.now()}`,
  });
  return t.ctx.db.transaction((tx) => completePurchase(tx, t.ctx.queue, pending.id, sellerOf(t.ctx.config)));
}

describe('over SMTP', () => {
  it('sends the reset email with a text and an HTML part, then erases the stored body', async () => {
    const { user } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    await mailTo(user.email, 'Reset your Crow Research password');
    const mail = received(user.email)[0]!;
    expect(mail.from).toBe('mail@crow.test');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const body = readableBody(mail.raw);
    expect(body).toMatch(/reset-password\?token=[\w-]{43}/);
    expect(body).toContain('not financial advice');

    await expect
      .poll(
        async () =>
          (await t.ctx.db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email)))[0],
      )
      .toMatchObject({ status: 'sent', transport: 'smtp', textBody: null, htmlBody: null, attempts: 1 });
  });

  it('sends one receipt per completed purchase, however often the payment is reported', async () => {
    const { user } = await signUp(t.app);
    const { purchase } = await completedPurchase(user.id, 'new_report', null);
    await t.ctx.db.transaction((tx) =>
      completePurchase(tx, t.ctx.queue, purchase.id, sellerOf(t.ctx.config)),
    ); // repeated webhook
    await mailTo(user.email, 'Your Crow Research receipt');
    const body = readableBody(received(user.email)[0]!.raw);
    expect(body).toContain(`Receipt: #${purchase.id}`);
    expect(body).toContain('Item: New research report: Bitcoin');
    expect(body).toContain('Amount: $4.99 USD');
    expect(body).toContain('Payment method: Card');
    expect(body).toMatch(/Date: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(body).toContain(`/report/${purchase.reportId}`);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received(user.email)).toHaveLength(1);
  });

  it('tells the buyer when the report is ready, and when paid research failed', async () => {
    const { user } = await signUp(t.app);
    const { purchase } = await completedPurchase(user.id, 'new_report', null);
    const reportId = purchase.reportId!;
    await t.ctx.db
      .update(researchReports)
      .set({ status: 'completed' })
      .where(eq(researchReports.id, reportId));
    await enqueueResearchOutcomeEmail(t.ctx.db, t.ctx.queue, reportId, 'report_ready');
    await mailTo(user.email, 'Your Bitcoin report is ready');
    expect(readableBody(received(user.email).find((m) => m.raw.includes('is ready'))!.raw)).toContain(
      `/report/${reportId}`,
    );

    const other = await signUp(t.app);
    const failed = await completedPurchase(other.user.id, 'new_report', null);
    const failedId = failed.purchase.reportId!;
    await t.ctx.db.update(researchReports).set({ status: 'failed' }).where(eq(researchReports.id, failedId));
    await enqueueResearchOutcomeEmail(t.ctx.db, t.ctx.queue, failedId, 'research_failed');
    await mailTo(other.user.email, 'Your Bitcoin report could not be completed');
    const notice = readableBody(
      received(other.user.email).find((m) => m.raw.includes('could not be completed'))!.raw,
    );
    expect(notice).toContain('will either run the research again or refund your payment of $4.99');
  });

  it('does not announce a report that is not in that state, nor to someone who did not pay', async () => {
    const { user } = await signUp(t.app);
    const { purchase } = await completedPurchase(user.id, 'new_report', null);
    // Still pending: no "ready" mail.
    await enqueueResearchOutcomeEmail(t.ctx.db, t.ctx.queue, purchase.reportId!, 'report_ready');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(received(user.email).some((m) => m.raw.includes('is ready'))).toBe(false);
    const stored = await t.ctx.db.select().from(emailMessages).where(eq(emailMessages.userId, user.id));
    expect(stored.map((m) => m.kind)).toEqual(['receipt']);
    const purchases = await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.userId, user.id));
    expect(purchases).toHaveLength(1);
  });
});

describe('when the mail server fails', () => {
  const jobFor = (messageId: number, retryCount: number) =>
    ({
      id: 'test',
      name: 'email',
      data: { messageId },
      retryCount,
      retryLimit: 6,
    }) as unknown as PgBoss.JobWithMetadata<EmailJob>;

  it('a refused delivery is retried and sent once the server accepts', async () => {
    const handler = createEmailHandler(t.ctx, createMailSender(t.ctx.config));
    const [row] = await t.ctx.db
      .insert(emailMessages)
      .values({
        kind: 'receipt',
        toAddress: 'retry@example.com',
        subject: 'Retry me',
        textBody: 'x',
        htmlBody: '<p>x</p>',
      })
      .returning();
    smtp.failNextFor('retry@example.com', 1);
    await expect(handler([jobFor(row!.id, 0)])).rejects.toThrow();
    const [afterFailure] = await t.ctx.db.select().from(emailMessages).where(eq(emailMessages.id, row!.id));
    expect(afterFailure).toMatchObject({ status: 'queued', attempts: 1, textBody: 'x' });
    expect(afterFailure!.lastError).toMatch(/451/);

    await handler([jobFor(row!.id, 1)]);
    const [sent] = await t.ctx.db.select().from(emailMessages).where(eq(emailMessages.id, row!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    // Another run of the same job (pg-boss may repeat one) sends nothing twice.
    await handler([jobFor(row!.id, 2)]);
    expect(received('retry@example.com')).toHaveLength(1);
  });

  it('never blocks a reset request or a purchase', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      await registerEmailJobs(down.ctx);
      const { user } = await signUp(down.app);
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      const pending = await createPendingPurchase(down.ctx.db, {
        userId: user.id,
        purchaseType: 'new_report',
        assetName: 'Solana',
        reportId: null,
        paymentMethod: 'card',
        stripePaymentIntentId: 'pi_mail_down',
      });
      const result = await down.ctx.db.transaction((tx) =>
        completePurchase(tx, down.ctx.queue, pending.id, sellerOf(down.ctx.config)),
      );
      expect(result.purchase.status).toBe('completed');
      await expect
        .poll(
          async () =>
            (
              await down.ctx.db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email))
            ).find((m) => m.kind === 'password_reset')?.lastError,
          { timeout: 15_000, interval: 250 },
        )
        .toMatch(/ECONNREFUSED/);
    } finally {
      await down.close();
    }
  });
});

describe('the development outbox', () => {
  it('keeps messages in PostgreSQL and shows them at GET /api/dev/outbox', async () => {
    const sandbox = await createTestApp();
    try {
      await registerEmailJobs(sandbox.ctx);
      const { user } = await signUp(sandbox.app);
      await sandbox.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      await expect
        .poll(
          async () => (await sandbox.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().messages,
          { timeout: 15_000, interval: 250 },
        )
        .toEqual([
          expect.objectContaining({
            kind: 'password_reset',
            to: user.email,
            subject: 'Reset your Crow Research password',
            text: expect.stringMatching(/reset-password\?token=/),
            html: expect.stringContaining('<a href='),
          }),
        ]);
      expect(createMailSender(sandbox.ctx.config).kind).toBe('outbox');
    } finally {
      await sandbox.close();
    }
  });
});
