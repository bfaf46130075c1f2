import { invoicePdfPath } from '../../contract/invoices';
import type { AppContext } from '../context';
import type { Database, DbExecutor } from '../db/client';
import { CREDIT_NOTE_PREFIX, documentNumber, INVOICE_PREFIX } from '../domain/invoices';
import { type CheckedJob, JOBS, workJob } from '../jobs/definitions';
import type { JobQueue } from '../jobs/queue';
import { countEmail } from '../metrics/registry';
import {
  type EmailBrand,
  type RenderedEmail,
  receiptEmail,
  refundEmail,
  reportReadyEmail,
  researchFailedEmail,
} from './messages';
import { sendEmailJob } from './outbox';
import {
  type EmailKind,
  findEmail,
  findPayingBuyers,
  findReceiptFacts,
  findRefundFacts,
  findReportForEmail,
  markEmailAttemptFailed,
  markEmailSent,
  storeEmail,
} from './repository';
import { createMailSender, emailBrand, type MailSender } from './transport';
import { raiseWatchAlerts } from './watch-alerts';

// One queue delivers every email. Event jobs (a purchase completed, research ended) compose
// their messages in the worker, store them, then deliver; a stored message is delivered at most
// once (status 'sent' is final), so pg-boss retries never send a duplicate after a success.

/** Enqueues the receipt of a purchase on the caller's connection (call inside its transaction). */
export async function enqueueReceiptEmail(executor: DbExecutor, queue: JobQueue, purchaseId: number) {
  await sendEmailJob(executor, queue, { event: 'receipt', purchaseId }, `receipt-${purchaseId}`);
}

/** Enqueues the buyer's refund email, with its credit note (call inside the refund's transaction). */
export async function enqueueRefundEmail(executor: DbExecutor, queue: JobQueue, refundId: number) {
  await sendEmailJob(executor, queue, { event: 'refund', refundId }, `refund-${refundId}`);
}

/** Enqueues the alerts to the asset's watchers that a new version of its report completed. */
export async function enqueueWatchAlerts(executor: DbExecutor, queue: JobQueue, reportId: number) {
  await sendEmailJob(executor, queue, { event: 'watch_alert', reportId }, `watch-alert-${reportId}`);
}

/** Enqueues "report ready" or "research failed" for everyone who paid for the report. */
export async function enqueueResearchOutcomeEmail(
  executor: DbExecutor,
  queue: JobQueue,
  reportId: number,
  outcome: 'report_ready' | 'research_failed',
) {
  await sendEmailJob(executor, queue, { event: outcome, reportId }, `${outcome}-${reportId}`);
}

export interface Composed {
  kind: EmailKind;
  dedupeKey: string;
  userId: number;
  to: string;
  message: RenderedEmail;
}

const METHOD_LABELS = {
  card: 'Card',
  cardano: 'Cardano',
  credits: 'API credit',
  x402: 'Cardano (pay per call)',
} as const;

async function composeReceipt(db: Database, brand: EmailBrand, purchaseId: number): Promise<Composed[]> {
  const row = await findReceiptFacts(db, purchaseId);
  if (!row) return [];
  const { purchase, user, cardano, invoice } = row;
  const method =
    purchase.paymentMethod === 'cardano' && cardano
      ? `Cardano (${Number(cardano.amount)} ${cardano.currency === 'ADA' ? 'ADA' : 'CROW'})`
      : METHOD_LABELS[purchase.paymentMethod];
  const what =
    purchase.purchaseType === 'new_report'
      ? `New research report: ${purchase.assetName}`
      : `Research report: ${purchase.assetName}`;
  return [
    {
      kind: 'receipt',
      dedupeKey: `receipt-${purchase.id}`,
      userId: user.id,
      to: user.email,
      message: receiptEmail(brand, {
        username: user.username,
        purchaseId: purchase.id,
        what,
        amountUsd: purchase.amount,
        method,
        paidAt: purchase.completedAt ?? purchase.createdAt,
        reportId: purchase.reportId,
        invoice: invoice
          ? {
              number: documentNumber(INVOICE_PREFIX, invoice.number),
              pdfPath: invoicePdfPath('invoice', invoice.id),
            }
          : null,
      }),
    },
  ];
}

/** How a refund's money goes back, as the buyer should expect it. */
function refundReturnedHow(refund: { paymentMethod: string; quantity: string; currency: string }) {
  if (refund.paymentMethod === 'card') {
    return 'The money goes back to the card you paid with; your bank may take 5 to 10 business days to show it.';
  }
  if (refund.paymentMethod === 'cardano') {
    return `We will send the ${refund.currency === 'ADA' ? 'ADA' : 'CROW'} you paid back to the address it came from.`;
  }
  return 'Your API credit is back on your balance.';
}

async function composeRefund(db: Database, brand: EmailBrand, refundId: number): Promise<Composed[]> {
  const row = await findRefundFacts(db, refundId);
  if (!row) return [];
  const { refund, purchase, user, creditNote, invoice } = row;
  return [
    {
      kind: 'refund',
      dedupeKey: `refund-${refund.id}`,
      userId: user.id,
      to: user.email,
      message: refundEmail(brand, {
        username: user.username,
        refundId: refund.id,
        what: `the ${purchase.purchaseType === 'credit_pack' ? 'API credit pack' : `research report on ${purchase.assetName}`}`,
        amountUsd: refund.usdAmount,
        returnedHow: refundReturnedHow(refund),
        creditNote:
          creditNote && invoice
            ? {
                number: documentNumber(CREDIT_NOTE_PREFIX, creditNote.number),
                pdfPath: invoicePdfPath('credit_note', creditNote.id),
                invoiceNumber: documentNumber(INVOICE_PREFIX, invoice.number),
              }
            : null,
      }),
    },
  ];
}

async function composeResearchOutcome(
  db: Database,
  brand: EmailBrand,
  reportId: number,
  outcome: 'report_ready' | 'research_failed',
): Promise<Composed[]> {
  const report = await findReportForEmail(db, reportId);
  const expected = outcome === 'report_ready' ? 'completed' : 'failed';
  if (!report || report.status !== expected) return [];
  // Whoever paid for this report: the buyer of the new report (and anyone else who bought it).
  const buyers = await findPayingBuyers(db, reportId);
  const seen = new Set<number>();
  return buyers
    .filter(({ user }) => !seen.has(user.id) && seen.add(user.id))
    .map(({ user, amount }) => ({
      kind: outcome,
      dedupeKey: `${outcome}-${reportId}-${user.id}`,
      userId: user.id,
      to: user.email,
      message:
        outcome === 'report_ready'
          ? reportReadyEmail(brand, { username: user.username, assetName: report.assetName, reportId })
          : researchFailedEmail(brand, {
              username: user.username,
              assetName: report.assetName,
              reportId,
              amountUsd: amount,
            }),
    }));
}

export function createEmailHandler(ctx: AppContext, sender: MailSender) {
  const brand = emailBrand(ctx.config);

  async function deliver(messageId: number, lastAttempt: boolean) {
    const message = await findEmail(ctx.db, messageId);
    if (message?.status !== 'queued') return;
    if (sender.kind === 'outbox') {
      await markEmailSent(ctx.db, messageId, 'outbox');
      countEmail('sent');
      return;
    }
    if (sender.kind === 'none') {
      ctx.log.error(
        { messageId, kind: message.kind },
        'email not sent: no mail server configured (SMTP_URL)',
      );
      await markEmailAttemptFailed(ctx.db, messageId, 'No mail server configured (SMTP_URL)', true, 'none');
      countEmail('failed');
      return;
    }
    try {
      await sender.send({
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody ?? '',
        html: message.htmlBody ?? '',
        listUnsubscribeUrl: message.listUnsubscribeUrl,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markEmailAttemptFailed(ctx.db, messageId, reason, lastAttempt, 'smtp');
      countEmail('failed');
      throw error;
    }
    await markEmailSent(ctx.db, messageId, 'smtp');
    countEmail('sent');
  }

  async function handle(job: CheckedJob<typeof JOBS.email>) {
    const lastAttempt = job.retryCount >= job.retryLimit;
    const data = job.data;
    if ('messageId' in data) return deliver(data.messageId, lastAttempt);
    // Alerts store and queue their emails themselves, each watcher under a lock (daily limit).
    if (data.event === 'watch_alert')
      return void (await raiseWatchAlerts(ctx.db, ctx.queue, brand, data.reportId));
    const composed =
      data.event === 'receipt'
        ? await composeReceipt(ctx.db, brand, data.purchaseId)
        : data.event === 'refund'
          ? await composeRefund(ctx.db, brand, data.refundId)
          : await composeResearchOutcome(ctx.db, brand, data.reportId, data.event);
    // Stored first (idempotent by dedupe key), then each delivered by its own job: one recipient's
    // failing address never holds back another's message.
    for (const mail of composed) {
      const id = await storeEmail(ctx.db, mail);
      if (id !== null) await sendEmailJob(ctx.db, ctx.queue, { messageId: id });
    }
  }

  return async (jobs: CheckedJob<typeof JOBS.email>[]) => {
    for (const job of jobs) await handle(job);
  };
}

/** Registers the email worker (worker role). Returns the sender so shutdown can close it. */
export async function registerEmailJobs(ctx: AppContext, sender: MailSender = createMailSender(ctx.config)) {
  await workJob(ctx.queue, JOBS.email, createEmailHandler(ctx, sender));
  return sender;
}
