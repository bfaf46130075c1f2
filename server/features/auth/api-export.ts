import type { DbExecutor } from '../../db/client';
import { exportApiData } from './api-export-repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The data export's "api" section: each key with its requests per day, the credits bought and
 * spent, payments per call, and each webhook endpoint with its deliveries. The key's hash and the
 * endpoint's signing secret are credentials, not data about the user: they are left out.
 */
export async function apiDataExport(db: DbExecutor, userId: number) {
  const data = await exportApiData(db, userId);
  return {
    keys: data.keys.map((key) => ({
      name: key.name,
      prefix: key.prefix,
      scopes: key.scopes,
      createdAt: iso(key.createdAt),
      lastUsedAt: iso(key.lastUsedAt),
      replacedUntil: iso(key.expiresAt),
      revokedAt: iso(key.revokedAt),
      requestsPerDay: data.usage
        .filter((day) => day.keyId === key.id)
        .map((day) => ({ day: day.day, requests: day.requests })),
    })),
    credits: {
      balance: data.balance,
      packs: data.packs.map((pack) => ({
        purchaseId: pack.id,
        credits: pack.credits,
        amountUsd: pack.amount,
        paymentMethod: pack.paymentMethod,
        status: pack.status,
        createdAt: iso(pack.createdAt),
        completedAt: iso(pack.completedAt),
      })),
      // Every change of the balance: +N for a pack, -1 for a report, +1 back when research failed.
      entries: data.entries.map((entry) => ({
        delta: entry.delta,
        reason: entry.reason,
        purchaseId: entry.purchaseId,
        createdAt: iso(entry.createdAt),
      })),
    },
    paymentsPerCall: data.x402.map(({ payment, assetName }) => ({
      purchaseId: payment.purchaseId,
      assetName,
      network: payment.network,
      transaction: payment.txHash,
      payTo: payment.payTo,
      asset: payment.unit,
      quantity: payment.quantity,
      lovelace: payment.lovelace,
      feeLovelace: payment.feeLovelace,
      usdRate: payment.usdRate,
      rateAt: iso(payment.rateAt),
      createdAt: iso(payment.createdAt),
    })),
    webhooks: data.endpoints.map((endpoint) => ({
      url: endpoint.url,
      events: endpoint.events,
      createdAt: iso(endpoint.createdAt),
      deliveries: data.deliveries
        .filter((delivery) => delivery.endpointId === endpoint.id)
        .map((delivery) => ({
          messageId: delivery.messageId,
          event: delivery.event,
          payload: delivery.payload,
          attempts: delivery.attempts,
          lastStatus: delivery.lastStatus,
          lastResponse: delivery.lastResponse,
          lastError: delivery.lastError,
          deliveredAt: iso(delivery.deliveredAt),
          createdAt: iso(delivery.createdAt),
        })),
    })),
  };
}
