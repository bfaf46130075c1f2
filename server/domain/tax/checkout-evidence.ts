import type { CheckoutTaxFields } from '../../../contract/invoices';
import type { DbExecutor } from '../../db/client';
import { purchaseTaxEvidence } from '../../db/schema';
import { checkVatNumber, type ViesOutcome } from './vies';

// What a checkout knows about where the buyer is (decision 0302), gathered before the purchase
// is created and stored beside it; the invoice decides from it when the payment completes.

/** Where the checkout request came from, as the route saw it. */
export interface CheckoutOrigin {
  ip: string;
  /** The trusted proxy's country header (CF-IPCountry), only when TRUST_CF_IPCOUNTRY is on. */
  ipCountry: string | null;
}

export interface CheckoutEvidence {
  statedCountry: string | null;
  ipCountry: string | null;
  ipAddress: string | null;
  vatId: string | null;
  vies: ViesOutcome | null;
  viesCheckedAt: Date | null;
}

/** Country headers carry XX (unknown) and T1 (Tor): neither is a country. */
function countryFromHeader(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  const code = first?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/** A checkout request's origin: its IP, and the proxy's country header only when the proxy is trusted for it. */
export function checkoutOriginOf(
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
  trustCfIpCountry: boolean,
): CheckoutOrigin {
  return {
    ip: request.ip,
    ipCountry: trustCfIpCountry ? countryFromHeader(request.headers['cf-ipcountry']) : null,
  };
}

export async function gatherCheckoutEvidence(
  viesUrl: string,
  fields: CheckoutTaxFields,
  origin: CheckoutOrigin | null,
): Promise<CheckoutEvidence> {
  // VIES is asked before any transaction starts: a slow answer never holds a lock.
  const vies = fields.vatId ? await checkVatNumber(viesUrl, fields.vatId) : null;
  return {
    statedCountry: fields.country ?? null,
    ipCountry: origin?.ipCountry ?? null,
    ipAddress: origin?.ip ?? null,
    vatId: fields.vatId ?? null,
    vies,
    viesCheckedAt: vies?.checkedAt ?? null,
  };
}

export async function recordCheckoutEvidence(db: DbExecutor, purchaseId: number, evidence: CheckoutEvidence) {
  await db.insert(purchaseTaxEvidence).values({
    purchaseId,
    statedCountry: evidence.statedCountry,
    ipCountry: evidence.ipCountry,
    ipAddress: evidence.ipAddress,
    vatId: evidence.vatId,
    viesStatus: evidence.vies?.status ?? null,
    viesCountry: evidence.vies?.status === 'valid' ? evidence.vies.country : null,
    viesCheckedAt: evidence.viesCheckedAt,
  });
}

/** The card's issuing country, when the card provider reports it with the payment. */
export async function recordCardCountry(db: DbExecutor, purchaseId: number, cardCountry: string) {
  await db
    .insert(purchaseTaxEvidence)
    .values({ purchaseId, cardCountry })
    .onConflictDoUpdate({ target: purchaseTaxEvidence.purchaseId, set: { cardCountry } });
}
