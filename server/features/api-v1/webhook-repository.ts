import { and, arrayOverlaps, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { userPurchases, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { purchaseGrantsReport } from '../../domain/report-access';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export function listEndpoints(db: DbExecutor, userId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.id));
}

export async function countEndpoints(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export async function insertEndpoint(db: DbExecutor, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function deleteEndpoint(db: DbExecutor, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

export async function findEndpoint(db: DbExecutor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

export function listDeliveries(db: DbExecutor, endpointId: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(50);
}

/** Endpoints subscribed to the event, of these users (accounts not deleted). */
export function endpointsFor(db: DbExecutor, userIds: number[], event: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ endpoint: webhookEndpoints })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(
      and(
        inArray(webhookEndpoints.userId, userIds),
        arrayOverlaps(webhookEndpoints.events, [event]),
        sql`${users.deletedAt} is null`,
      ),
    );
}

/** The users with a completed purchase of the report. */
export async function buyersOfReport(db: DbExecutor, reportId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: userPurchases.userId })
    .from(userPurchases)
    .where(and(eq(userPurchases.reportId, reportId), purchaseGrantsReport(db)));
  return rows.map((r) => r.userId);
}

/** One delivery per endpoint and message (a repeated fan-out adds nothing); null when it existed. */
export async function insertDelivery(
  db: DbExecutor,
  values: { endpointId: number; messageId: string; event: string; payload: unknown },
): Promise<number | null> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values(values)
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.messageId] })
    .returning({ id: webhookDeliveries.id });
  return row?.id ?? null;
}

/** The endpoint a delivery goes to; null when the delivery (or its endpoint) was removed. */
export async function endpointOfDelivery(db: DbExecutor, deliveryId: number): Promise<number | null> {
  const [row] = await db
    .select({ endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  return row?.endpointId ?? null;
}

export async function findDeliveryWithEndpoint(db: DbExecutor, deliveryId: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

export async function recordAttempt(
  db: DbExecutor,
  deliveryId: number,
  outcome: { status: number | null; response: string | null; error: string | null; delivered: boolean },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatus: outcome.status,
      lastResponse: outcome.response,
      lastError: outcome.error,
      ...(outcome.delivered ? { deliveredAt: sql`now()` } : {}),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** The newest delivery of each of these endpoints. */
export function newestDeliveries(db: DbExecutor, endpointIds: number[]) {
  if (endpointIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([webhookDeliveries.endpointId])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id));
}
