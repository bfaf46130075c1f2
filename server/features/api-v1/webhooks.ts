import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_ENDPOINTS_PER_USER, WEBHOOK_MESSAGES, type WebhookEvent } from '../../../contract/webhooks';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../domain/errors';
import { seriesOfReport } from '../../domain/report-series';
import { findWatchers } from '../../email/repository';
import { watchAlertSummary } from '../../email/watch-alerts';
import { JOBS, sendJob } from '../../jobs/definitions';
import {
  buyersOfReport,
  countEndpoints,
  deleteEndpoint,
  endpointsFor,
  findDeliveryWithEndpoint,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  newestDeliveries,
  recordAttempt,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhook-repository';
import { postToWebhook, resolveWebhookTarget } from './webhook-target';

// Webhooks (decision 0284): Standard Webhooks signatures, one delivery row per endpoint and
// message, a pg-boss job per delivery retried with backoff for about a day.

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Standard Webhooks: v1, base64 HMAC-SHA256 of "id.timestamp.body" keyed by the secret's bytes. */
export function signWebhook(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

export const toEndpoint = (row: WebhookEndpointRow) => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  createdAt: row.createdAt.toISOString(),
});

export const toDelivery = (row: WebhookDeliveryRow) => ({
  id: row.id,
  messageId: row.messageId,
  event: row.event as WebhookEvent,
  attempts: row.attempts,
  lastStatus: row.lastStatus,
  lastResponse: row.lastResponse,
  lastError: row.lastError,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The account page's list: each endpoint with its newest delivery. */
export async function listWebhooksWithLastDelivery(ctx: AppContext, userId: number) {
  const endpoints = await listEndpoints(ctx.db, userId);
  const newest = await newestDeliveries(
    ctx.db,
    endpoints.map((e) => e.id),
  );
  return endpoints.map((endpoint) => {
    const last = newest.find((d) => d.endpointId === endpoint.id);
    return { ...toEndpoint(endpoint), lastDelivery: last ? toDelivery(last) : null };
  });
}

/** An endpoint's recent deliveries with the endpoint's answers; not found for anyone else's. */
export async function webhookDeliveries(ctx: AppContext, userId: number, endpointId: number) {
  const endpoint = await findEndpoint(ctx.db, userId, endpointId);
  if (!endpoint) throw notFound(WEBHOOK_MESSAGES.notFound);
  return (await listDeliveries(ctx.db, endpoint.id)).map(toDelivery);
}

export async function createWebhook(
  ctx: AppContext,
  userId: number,
  input: { url: string; events: WebhookEvent[] },
) {
  const { url } = await resolveWebhookTarget(input.url, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  if ((await countEndpoints(ctx.db, userId)) >= WEBHOOK_ENDPOINTS_PER_USER)
    throw new DomainError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
  const secret = newWebhookSecret();
  const row = await insertEndpoint(ctx.db, { userId, url: url.toString(), events: input.events, secret });
  return { endpoint: toEndpoint(row), secret };
}

export async function removeWebhook(ctx: AppContext, userId: number, id: number) {
  if (!(await deleteEndpoint(ctx.db, userId, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
}

/**
 * A report completed: report.completed for its buyers' endpoints, and watchlist.changed for the
 * endpoints of its asset's watchers when the band changed or the total moved 3 points or more
 * (the watch alert's own rule). Each delivery row and its job are written together.
 */
export async function fanOutReportCompleted(ctx: AppContext, reportId: number): Promise<number> {
  const series = await seriesOfReport(ctx.db, reportId);
  const current = series.find((v) => v.id === reportId);
  if (!current) return 0;
  const now = new Date().toISOString();
  const pending: { endpointId: number; messageId: string; event: WebhookEvent; payload: unknown }[] = [];
  const buyers = await buyersOfReport(ctx.db, reportId);
  for (const { endpoint } of await endpointsFor(ctx.db, buyers, 'report.completed')) {
    pending.push({
      endpointId: endpoint.id,
      messageId: `msg_report_completed_${reportId}`,
      event: 'report.completed',
      payload: {
        type: 'report.completed',
        timestamp: now,
        data: {
          reportId,
          assetId: current.assetId,
          assetName: current.assetName,
          version: current.version,
          total: current.compositeScore,
          band: current.riskLevel,
          completedAt: current.completedAt.toISOString(),
        },
      },
    });
  }
  const previous = current.version > 1 ? series[current.version - 2] : undefined;
  const summary = previous ? watchAlertSummary(previous, current) : null;
  if (previous && summary && current.assetId) {
    const watchers = (await findWatchers(ctx.db, current.assetId)).map((w) => w.user.id);
    const notBuyers = watchers.filter((id) => !buyers.includes(id));
    for (const { endpoint } of await endpointsFor(ctx.db, notBuyers, 'watchlist.changed')) {
      pending.push({
        endpointId: endpoint.id,
        messageId: `msg_watchlist_changed_${reportId}`,
        event: 'watchlist.changed',
        payload: {
          type: 'watchlist.changed',
          timestamp: now,
          data: {
            assetId: current.assetId,
            assetName: current.assetName,
            reportId,
            previousReportId: previous.id,
            version: current.version,
            total: { before: previous.compositeScore, after: current.compositeScore },
            band: { before: previous.riskLevel, after: current.riskLevel },
            summary,
          },
        },
      });
    }
  }
  let created = 0;
  for (const delivery of pending) {
    await ctx.db.transaction(async (tx) => {
      const deliveryId = await insertDelivery(tx, delivery);
      if (deliveryId === null) return;
      await sendJob(ctx.queue, JOBS.webhookDelivery, { deliveryId }, { db: tx });
      created += 1;
    });
  }
  return created;
}

const RESPONSE_LOG_CHARS = 1_000;
/** A UTF-8 character takes at most 4 bytes: this many bytes always hold the logged characters. */
const RESPONSE_READ_BYTES = RESPONSE_LOG_CHARS * 4;
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * One attempt: the signed POST, its answer logged on the row. Throws when the endpoint did not
 * answer 2xx, so the job is retried with backoff; a delivered message is never sent again.
 * The URL is checked and resolved again for every attempt, and the POST goes to exactly the
 * addresses checked; the answer's text is kept only from a public address (a private receiver,
 * allowed for a local trial, shows its status alone).
 */
export async function deliverWebhook(ctx: AppContext, deliveryId: number): Promise<'delivered' | 'gone'> {
  const found = await findDeliveryWithEndpoint(ctx.db, deliveryId);
  if (!found) return 'gone';
  const { delivery, endpoint } = found;
  if (delivery.deliveredAt) return 'delivered';
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  let status: number | null = null;
  let response: string | null = null;
  try {
    const target = await resolveWebhookTarget(endpoint.url, ctx.config.WEBHOOK_ALLOW_PRIVATE);
    const answer = await postToWebhook(target, {
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: RESPONSE_READ_BYTES,
      headers: {
        'content-type': 'application/json',
        'user-agent': `${ctx.config.APP_NAME} webhooks`,
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(endpoint.secret, delivery.messageId, timestamp, body),
      },
      body,
    });
    status = answer.status;
    response = target.isPublic ? answer.body.slice(0, RESPONSE_LOG_CHARS) : null;
    if (answer.status < 200 || answer.status > 299) throw new Error(`endpoint answered ${answer.status}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordAttempt(ctx.db, deliveryId, {
      status,
      response,
      error: message.slice(0, 500),
      delivered: false,
    });
    throw error;
  }
  await recordAttempt(ctx.db, deliveryId, { status, response, error: null, delivered: true });
  return 'delivered';
}
