import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  apiCreditBalances,
  apiCreditEntries,
  apiKeys,
  apiKeyUsage,
  userPurchases,
  webhookDeliveries,
  webhookEndpoints,
  x402Payments,
} from '../../db/schema';

// What the data export holds of the account's API use: keys (never their hash), usage per day,
// credits, x402 payments, webhook endpoints (never their secret) and deliveries.

export async function exportApiData(db: DbExecutor, userId: number) {
  const [keys, endpoints, balance, entries, packs, x402] = await Promise.all([
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId))
      .orderBy(asc(apiKeys.id)),
    db
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        events: webhookEndpoints.events,
        createdAt: webhookEndpoints.createdAt,
      })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(asc(webhookEndpoints.id)),
    db.select().from(apiCreditBalances).where(eq(apiCreditBalances.userId, userId)),
    db
      .select()
      .from(apiCreditEntries)
      .where(eq(apiCreditEntries.userId, userId))
      .orderBy(asc(apiCreditEntries.id)),
    db
      .select()
      .from(userPurchases)
      .where(and(eq(userPurchases.userId, userId), eq(userPurchases.purchaseType, 'credit_pack')))
      .orderBy(asc(userPurchases.id)),
    db
      .select({ payment: x402Payments, assetName: userPurchases.assetName })
      .from(x402Payments)
      .innerJoin(userPurchases, eq(userPurchases.id, x402Payments.purchaseId))
      .where(eq(userPurchases.userId, userId))
      .orderBy(asc(x402Payments.id)),
  ]);
  const keyIds = keys.map((k) => k.id);
  const endpointIds = endpoints.map((e) => e.id);
  const [usage, deliveries] = await Promise.all([
    keyIds.length === 0
      ? []
      : db.select().from(apiKeyUsage).where(inArray(apiKeyUsage.keyId, keyIds)).orderBy(asc(apiKeyUsage.day)),
    endpointIds.length === 0
      ? []
      : db
          .select()
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.endpointId, endpointIds))
          .orderBy(asc(webhookDeliveries.id)),
  ]);
  return { keys, usage, endpoints, deliveries, balance: balance[0]?.balance ?? 0, entries, packs, x402 };
}
