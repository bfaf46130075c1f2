import { and, asc, eq, sql } from 'drizzle-orm';
import { toDisplayAmount } from '../../contract/cardano';
import type { Config } from '../config';
import type { DbExecutor } from '../db/client';
import {
  cardanoIncomingTransactions,
  cardanoPayments,
  creditNotes,
  documentCounters,
  invoices,
  purchaseTaxEvidence,
  userPurchases,
  users,
  x402Payments,
} from '../db/schema';
import { fromCents, toCents } from './money';
import { decideVat, type SupplyEvidence } from './tax/place-of-supply';
import { splitInclusiveTotal } from './tax/vat-rates';

// Invoices and credit notes (decisions 0300-0302). Each completed purchase gets one invoice in
// the purchase's own transaction; each refund of an invoiced purchase one credit note in the
// refund's transaction. Numbers come from a counter row incremented in that same transaction:
// the row lock orders concurrent issuers and a rolled-back purchase gives its number back, so a
// series has no gaps and no duplicates (a sequence would leave gaps). Documents are never changed.

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

export interface SellerDetails {
  name: string;
  address: string;
  country: string;
  vatId: string | null;
}

/** Labelled so that no one mistakes a demo invoice for a real one (decision 0300). */
export const SANDBOX_SELLER: SellerDetails = {
  name: 'SANDBOX SELLER (demo data, not a real business)',
  address: 'Sandbox address, not a real place',
  country: 'IE',
  vatId: 'SANDBOX-NO-VAT-ID',
};

export function sellerOf(config: Config): SellerDetails {
  if (!(config.SELLER_LEGAL_NAME && config.SELLER_ADDRESS && config.SELLER_COUNTRY)) return SANDBOX_SELLER;
  return {
    name: config.SELLER_LEGAL_NAME,
    address: config.SELLER_ADDRESS,
    country: config.SELLER_COUNTRY,
    vatId: config.SELLER_VAT_ID ?? null,
  };
}

export const INVOICE_PREFIX = 'INV-';
export const CREDIT_NOTE_PREFIX = 'CN-';
export const documentNumber = (prefix: string, number: number) =>
  `${prefix}${String(number).padStart(6, '0')}`;

/** The next number of a series; the counter row stays locked until the caller's transaction ends. */
async function nextNumber(tx: DbExecutor, series: 'invoice' | 'credit_note'): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: documentCounters.series,
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return row!.lastNumber;
}

const CROW_DISPLAY = 'CROW';

/** What a Cardano purchase was paid with, at which USD rate quoted when, and its transaction. */
async function cardanoFacts(tx: DbExecutor, paymentId: number | null) {
  if (paymentId === null) return null;
  const [payment] = await tx.select().from(cardanoPayments).where(eq(cardanoPayments.id, paymentId));
  if (!payment) return null;
  const paying = await tx
    .select({
      txHash: cardanoIncomingTransactions.txHash,
      feeLovelace: cardanoIncomingTransactions.feeLovelace,
    })
    .from(cardanoIncomingTransactions)
    .where(
      and(
        eq(cardanoIncomingTransactions.paymentId, paymentId),
        eq(cardanoIncomingTransactions.classification, 'payment'),
      ),
    )
    .orderBy(asc(cardanoIncomingTransactions.blockTime));
  const ada = payment.currency === 'ADA';
  // ADA: the quoted ADA price; CROW: a fixed token amount for the USD price, so its rate is implied.
  const usdRate =
    ada && payment.quotedUsdPrice
      ? payment.quotedUsdPrice
      : (Number(payment.usdAmount) / Number(payment.amount)).toFixed(10);
  return {
    cryptoCurrency: ada ? 'ADA' : CROW_DISPLAY,
    cryptoAmount: payment.amount,
    usdRate,
    rateAt: payment.createdAt,
    txHash: paying[0]?.txHash ?? null,
    networkFee: networkFeeOf(paying.map((row) => row.feeLovelace)),
  };
}

/**
 * The ADA the buyer's transactions paid the network (decision 0310): their fees summed, or null
 * when any is unknown (the sandbox chain has none; rows from before migration 0014).
 */
function networkFeeOf(feesLovelace: (string | null)[]): string | null {
  if (feesLovelace.length === 0 || feesLovelace.some((fee) => fee === null)) return null;
  const total = feesLovelace.reduce((sum, fee) => sum + BigInt(fee!), 0n);
  return toDisplayAmount(total, 'ADA');
}

/** What an x402 call was paid with (decision 0308): its transaction, the ADA or CROW, the rate it was checked at. */
async function x402Facts(tx: DbExecutor, purchaseId: number) {
  const [payment] = await tx.select().from(x402Payments).where(eq(x402Payments.purchaseId, purchaseId));
  if (!payment) return null;
  const ada = payment.unit === 'lovelace';
  return {
    cryptoCurrency: ada ? 'ADA' : CROW_DISPLAY,
    cryptoAmount: toDisplayAmount(BigInt(payment.quantity), ada ? 'ADA' : 'NATIVE_TOKEN'),
    usdRate: payment.usdRate,
    rateAt: payment.rateAt,
    txHash: payment.txHash,
    networkFee: networkFeeOf([payment.feeLovelace]),
  };
}

/** The crypto side of a payment on Cardano (checkout or x402); null for a card. */
function cryptoFactsOf(tx: DbExecutor, purchase: typeof userPurchases.$inferSelect) {
  if (purchase.paymentMethod === 'cardano') return cardanoFacts(tx, purchase.cardanoPaymentId);
  if (purchase.paymentMethod === 'x402') return x402Facts(tx, purchase.id);
  return null;
}

export async function findTaxEvidence(tx: DbExecutor, purchaseId: number) {
  const [row] = await tx
    .select()
    .from(purchaseTaxEvidence)
    .where(eq(purchaseTaxEvidence.purchaseId, purchaseId));
  return row;
}

/** Issues the invoice of a purchase that has just completed (idempotent: one per purchase). */
export async function issueInvoice(
  tx: DbExecutor,
  seller: SellerDetails,
  purchaseId: number,
): Promise<InvoiceRow> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.purchaseId, purchaseId));
  if (existing) return existing;
  const [purchase] = await tx.select().from(userPurchases).where(eq(userPurchases.id, purchaseId));
  if (!purchase) throw new Error(`purchase ${purchaseId} does not exist`);
  const [buyer] = await tx
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, purchase.userId));
  const stored = await findTaxEvidence(tx, purchaseId);
  const evidence: SupplyEvidence = {
    statedCountry: stored?.statedCountry ?? null,
    ipCountry: stored?.ipCountry ?? null,
    cardCountry: stored?.cardCountry ?? null,
    vatId: stored?.vatId ?? null,
    vies: stored?.viesStatus ?? null,
    viesCountry: stored?.viesCountry ?? null,
  };
  const issuedAt = new Date();
  const decision = decideVat(evidence, seller.country, issuedAt);
  const { netCents, vatCents } = splitInclusiveTotal(toCents(purchase.amount), decision.ratePercent);
  const crypto = await cryptoFactsOf(tx, purchase);
  const number = await nextNumber(tx, 'invoice');
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      purchaseId,
      userId: purchase.userId,
      issuedAt,
      sellerName: seller.name,
      sellerAddress: seller.address,
      sellerCountry: seller.country,
      sellerVatId: seller.vatId,
      buyerName: buyer?.username ?? 'Unknown buyer',
      buyerEmail: buyer?.email ?? '',
      // The country the evidence decided; when it disagrees, the one the buyer stated (their
      // address as they gave it), while the VAT follows the seller's country (decision 0380).
      buyerCountry: decision.customerCountry ?? evidence.statedCountry,
      buyerVatId: decision.treatment === 'reverse_charge' ? evidence.vatId : null,
      description: invoiceLineOf(purchase),
      currency: 'USD',
      totalAmount: purchase.amount,
      netAmount: fromCents(netCents),
      vatAmount: fromCents(vatCents),
      vatRate: decision.ratePercent.toFixed(2),
      vatCountry: decision.vatCountry,
      vatTreatment: decision.treatment,
      vatRateSource: decision.rateSource,
      evidence: { ...evidence, ipAddress: stored?.ipAddress ?? null, rule: decision.rule },
      paymentMethod: purchase.paymentMethod,
      paymentReference: crypto ? crypto.txHash : purchase.stripePaymentIntentId,
      cryptoCurrency: crypto?.cryptoCurrency ?? null,
      cryptoAmount: crypto?.cryptoAmount ?? null,
      usdRate: crypto?.usdRate ?? null,
      rateAt: crypto?.rateAt ?? null,
      networkFee: crypto?.networkFee ?? null,
    })
    .returning();
  return row!;
}

/**
 * Issues the credit note of a refund (idempotent: one per refund). A refund of a payment that
 * never completed a purchase has no invoice to credit and gets none (decision 0300).
 */
export async function issueCreditNote(
  tx: DbExecutor,
  refund: { id: number; purchaseId: number; reason: string; currency: string },
): Promise<CreditNoteRow | null> {
  const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.refundId, refund.id));
  if (existing) return existing;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.purchaseId, refund.purchaseId));
  if (!invoice) return null;
  const number = await nextNumber(tx, 'credit_note');
  const [row] = await tx
    .insert(creditNotes)
    .values({
      number,
      invoiceId: invoice.id,
      refundId: refund.id,
      userId: invoice.userId,
      reason: refund.reason,
      currency: invoice.currency,
      totalAmount: invoice.totalAmount,
      netAmount: invoice.netAmount,
      vatAmount: invoice.vatAmount,
      // A refund returned as an API credit (an x402 call, decision 0285) sends no ADA or CROW back.
      cryptoCurrency: refundedAsCredit(refund) ? null : invoice.cryptoCurrency,
      cryptoAmount: refundedAsCredit(refund) ? null : invoice.cryptoAmount,
    })
    .returning();
  return row!;
}

/** A refund settled as one API credit back on the buyer's balance, not money. */
export const refundedAsCredit = (refund: { currency: string }) => refund.currency === 'credit';

/** What a credit note says was given back when it was an API credit (no crypto, no money sent). */
export const CREDIT_REFUND_LABEL = '1 API credit';

/** The invoice's one line: what was bought, as a digital service (a credit pack is not a report). */
function invoiceLineOf(purchase: { purchaseType: string; assetName: string }): string {
  if (purchase.purchaseType === 'credit_pack')
    return `${purchase.assetName} (API credit pack, digital service)`;
  const kind = purchase.purchaseType === 'new_report' ? 'new research report' : 'existing research report';
  return `Crypto asset research report on ${purchase.assetName} (${kind}, digital service)`;
}
