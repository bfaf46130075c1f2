import QRCode from 'qrcode';
import type { z } from 'zod';
import {
  CARDANO_MESSAGES,
  CARDANO_PAYMENT_WINDOW_MS,
  type CardanoPayment,
  CROW_TOKEN_AMOUNT,
  type createCardanoPaymentRequestSchema,
  LOVELACE_PER_ADA,
  type OpenCardanoPayment,
  type PriceConversion,
  roundAdaUp,
  toDisplayAmount,
} from '../../../contract/cardano';
import { PRICES_USD } from '../../../contract/constants';
import { PURCHASE_RULE_CODE, PURCHASE_RULE_MESSAGES } from '../../../contract/purchases';
import type { AppContext } from '../../context';
import { DomainError, forbidden, invalid, notFound } from '../../domain/errors';
import { sellerOf } from '../../domain/invoices';
import { checkPurchaseAsset } from '../../domain/purchase-asset';
import { checkReportPurchase, isOnePurchaseViolation } from '../../domain/purchase-rule';
import { createPendingPurchase, creditPackName, creditPackOf } from '../../domain/purchases';
import { type CheckoutOrigin, gatherCheckoutEvidence } from '../../domain/tax/checkout-evidence';
import { SandboxChain } from './chain';
import { PriceUnavailableError } from './price';
import {
  allocateDerivationIndex,
  type CardanoPaymentRow,
  findOpenPaymentsOf,
  findPaymentWithPurchase,
  insertCardanoPayment,
  lockAndCountOpenPayments,
} from './repository';
import type { CardanoSetup } from './setup';
import { CardanoWatcher, unitOf } from './watcher';

type CreateRequest = z.output<typeof createCardanoPaymentRequestSchema>;

const serviceUnavailable = (message: string) => new DomainError('SERVICE_UNAVAILABLE', message);

/** A display decimal (ADA with up to 6 places, or whole tokens) as base units; null if not representable. */
export function fromDisplayAmount(value: string, currency: CardanoPayment['currency']): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(value.trim());
  if (!match) return null;
  if (currency === 'NATIVE_TOKEN') return match[2] && /[1-9]/.test(match[2]) ? null : BigInt(match[1]!);
  return BigInt(match[1]!) * LOVELACE_PER_ADA + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** CIP-13 payment URI; the amount (in ADA) only for ADA, which is all CIP-13 defines. */
export function paymentUriOf(
  address: string,
  currency: CardanoPayment['currency'],
  adaAmount: string,
): string {
  return currency === 'ADA' ? `web+cardano:${address}?amount=${adaAmount}` : `web+cardano:${address}`;
}

async function adaQuote(setup: CardanoSetup) {
  if (!setup.prices) throw serviceUnavailable(CARDANO_MESSAGES.priceUnavailable);
  try {
    return await setup.prices.adaUsd();
  } catch (error) {
    if (error instanceof PriceUnavailableError) throw serviceUnavailable(CARDANO_MESSAGES.priceUnavailable);
    throw error;
  }
}

export async function convertPrice(
  ctx: AppContext,
  amountUsd: number,
  currency: 'ADA' | 'CROW',
): Promise<PriceConversion> {
  if (currency === 'CROW') {
    return { tokenPrice: amountUsd / CROW_TOKEN_AMOUNT, tokenAmount: CROW_TOKEN_AMOUNT, sandboxPrice: false };
  }
  const quote = await adaQuote(ctx.payments.cardano);
  return {
    tokenPrice: quote.usd,
    tokenAmount: roundAdaUp(amountUsd / quote.usd),
    sandboxPrice: quote.sandbox,
  };
}

export async function createCardanoPayment(
  ctx: AppContext,
  userId: number,
  body: CreateRequest,
  origin: CheckoutOrigin | null = null,
) {
  const setup = ctx.payments.cardano;
  if (setup.mode === 'unavailable' || !setup.deriver)
    throw new DomainError('PAYMENT_UNAVAILABLE', CARDANO_MESSAGES.unavailable);
  const deriver = setup.deriver;

  // What is bought decides the price; the amount the client sent never does.
  let researchAsset = body.researchAsset;
  let researchAssetId: string | null = null;
  let reportId: number | null = null;
  if (body.purchaseType === 'new_report') {
    ({ assetName: researchAsset, assetId: researchAssetId } = await checkPurchaseAsset(
      ctx.research.sources,
      { ...body, assetName: body.researchAsset },
      { db: ctx.db, userId },
    ));
  } else if (body.purchaseType === 'credit_pack') {
    // A pack is priced in dollars: paid in ADA at the quote, never as the fixed token amount.
    if (body.currency !== 'ADA') throw invalid(CARDANO_MESSAGES.creditPackInAda);
    researchAsset = creditPackName(creditPackOf(ctx.config));
  } else {
    if (!body.reportId) throw invalid(CARDANO_MESSAGES.reportRequired);
    // The same one-purchase rule as the card checkout (decision 0080).
    const check = await checkReportPurchase(ctx.db, userId, body.reportId);
    if (check.kind !== 'available') {
      throw new DomainError(PURCHASE_RULE_CODE[check.kind], PURCHASE_RULE_MESSAGES[check.kind]);
    }
    reportId = check.report.id;
    researchAsset = check.report.assetName;
  }
  const usdAmount =
    body.purchaseType === 'credit_pack' ? creditPackOf(ctx.config).priceUsd : PRICES_USD[body.purchaseType];

  let expectedQuantity: bigint;
  let amount: string;
  let quotedUsdPrice: string | null = null;
  let policyId: string | null = null;
  let assetName: string | null = null;
  if (body.currency === 'ADA') {
    const quote = await adaQuote(setup);
    const ada = roundAdaUp(usdAmount / quote.usd);
    expectedQuantity = BigInt(Math.round(ada * 100)) * (LOVELACE_PER_ADA / 100n);
    amount = toDisplayAmount(expectedQuantity, 'ADA');
    quotedUsdPrice = quote.usd.toFixed(8);
  } else {
    if (body.policyId && body.policyId.toLowerCase() !== setup.crowPolicyId)
      throw invalid(CARDANO_MESSAGES.wrongToken);
    if (body.assetName !== undefined && body.assetName.toLowerCase() !== setup.crowAssetNameHex) {
      throw invalid(CARDANO_MESSAGES.wrongToken);
    }
    expectedQuantity = BigInt(CROW_TOKEN_AMOUNT);
    amount = expectedQuantity.toString();
    policyId = setup.crowPolicyId;
    assetName = setup.crowAssetNameHex;
  }

  const taxEvidence = await gatherCheckoutEvidence(ctx.config.VIES_URL, body, origin);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CARDANO_PAYMENT_WINDOW_MS);
  const maxOpen = ctx.config.CARDANO_MAX_OPEN_PAYMENTS;
  const created = ctx.db.transaction(async (tx) => {
    // Every open payment is an address under watch: a cap keeps one account from flooding the watcher.
    if ((await lockAndCountOpenPayments(tx, userId, now)) >= maxOpen) {
      throw new DomainError('RATE_LIMITED', CARDANO_MESSAGES.tooManyOpen(maxOpen));
    }
    const derivationIndex = await allocateDerivationIndex(tx);
    const address = deriver.addressAt(derivationIndex);
    const qrCode = await paymentQrCode(paymentUriOf(address, body.currency, amount));
    const payment = await insertCardanoPayment(tx, {
      userId,
      reportId,
      derivationIndex,
      address,
      amount,
      expectedQuantity: expectedQuantity.toString(),
      currency: body.currency,
      policyId,
      assetName,
      description: body.description,
      qrCode,
      usdAmount: usdAmount.toFixed(2),
      quotedUsdPrice,
      expiresAt,
    });
    const purchase = await createPendingPurchase(tx, {
      userId,
      purchaseType: body.purchaseType,
      assetName: researchAsset,
      assetId: researchAssetId,
      reportId,
      paymentMethod: 'cardano',
      cardanoPaymentId: payment.id,
      ...(body.purchaseType === 'credit_pack' ? { pack: creditPackOf(ctx.config) } : {}),
      taxEvidence,
    });
    return { payment, purchase };
  });
  // A concurrent checkout of the same report got there first: the database key refuses ours.
  const { payment, purchase } = await created.catch((error: unknown) => {
    if (isOnePurchaseViolation(error)) {
      throw new DomainError(PURCHASE_RULE_CODE.payment_open, PURCHASE_RULE_MESSAGES.payment_open);
    }
    throw error;
  });
  ctx.log.info({ paymentId: payment.id, currency: payment.currency, amount }, 'cardano payment created');
  return toClientPayment(setup, payment, purchase);
}

export async function getCardanoPayment(ctx: AppContext, userId: number, paymentId: number) {
  const row = await findPaymentWithPurchase(ctx.db, paymentId, userId);
  if (!row) throw notFound(CARDANO_MESSAGES.paymentNotFound);
  const payment = toClientPayment(ctx.payments.cardano, row.payment, row.purchase);
  // Partly paid: the QR code asks for what is still owed, not the full amount (a top-up).
  const partlyPaid = BigInt(row.payment.receivedQuantity) > 0n && payment.remainingAmount !== payment.amount;
  if (payment.status === 'pending' && partlyPaid && payment.currency === 'ADA') {
    payment.qrCode = await paymentQrCode(payment.paymentUri);
  }
  return payment;
}

/** The user's unpaid payments that can still be paid, for "Resume payment" on the dashboard. */
export async function listOpenCardanoPayments(
  ctx: AppContext,
  userId: number,
): Promise<OpenCardanoPayment[]> {
  const rows = await findOpenPaymentsOf(ctx.db, userId, new Date());
  return rows.map(({ payment, purchase }) => {
    const { id, currency, amount, remainingAmount, expiresAt, purchaseType, researchAsset, usdAmount } =
      toClientPayment(ctx.payments.cardano, payment, purchase);
    return { id, currency, amount, remainingAmount, expiresAt, purchaseType, researchAsset, usdAmount };
  });
}

function paymentQrCode(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
}

/**
 * Sandbox only: puts a simulated transaction on the sandbox ledger (the amount given, by default
 * what is still owed) and runs the watcher over it at once, as the worker would on its next cycle.
 */
export async function simulateIncomingPayment(
  ctx: AppContext,
  userId: number,
  paymentId: number,
  body: { amount?: string | undefined } = {},
) {
  const setup = ctx.payments.cardano;
  const sandboxChain = setup.chain;
  if (ctx.config.isProduction || setup.mode !== 'sandbox' || !(sandboxChain instanceof SandboxChain)) {
    throw forbidden(CARDANO_MESSAGES.sandboxOnly);
  }
  const row = await findPaymentWithPurchase(ctx.db, paymentId, userId);
  if (!row) throw notFound(CARDANO_MESSAGES.paymentNotFound);
  if (row.payment.status === 'confirmed') throw new DomainError('CONFLICT', CARDANO_MESSAGES.notPending);
  const { payment } = row;
  const missing = BigInt(payment.expectedQuantity) - BigInt(payment.receivedQuantity);
  const quantity = body.amount === undefined ? missing : fromDisplayAmount(body.amount, payment.currency);
  if (quantity === null || quantity <= 0n) throw invalid(CARDANO_MESSAGES.simulateAmount);
  await sandboxChain.credit(payment.address, unitOf(payment), quantity);
  await new CardanoWatcher({
    db: ctx.db,
    queue: ctx.queue,
    chain: sandboxChain,
    log: ctx.log,
    confirmations: 0,
    stakeAddress: setup.stakeAddress,
    seller: sellerOf(ctx.config),
  }).runCycle();
  return getCardanoPayment(ctx, userId, paymentId);
}

export function toClientPayment(
  setup: CardanoSetup,
  payment: CardanoPaymentRow,
  purchase: { purchaseType: CardanoPayment['purchaseType']; assetName: string; reportId: number | null },
): CardanoPayment {
  const remaining = BigInt(payment.expectedQuantity) - BigInt(payment.receivedQuantity);
  return {
    id: payment.id,
    status: payment.status,
    currency: payment.currency,
    amount: toDisplayAmount(BigInt(payment.expectedQuantity), payment.currency),
    receivedAmount: toDisplayAmount(BigInt(payment.receivedQuantity), payment.currency),
    remainingAmount: toDisplayAmount(remaining > 0n ? remaining : 0n, payment.currency),
    description: payment.description,
    address: payment.address,
    qrCode: payment.qrCode ?? '',
    // What a wallet should send now: the full amount, or after a partial payment the rest.
    paymentUri: paymentUriOf(
      payment.address,
      payment.currency,
      toDisplayAmount(remaining > 0n ? remaining : BigInt(payment.expectedQuantity), payment.currency),
    ),
    expiresAt: payment.expiresAt.toISOString(),
    assetName: payment.assetName,
    policyId: payment.policyId,
    reportId: purchase.reportId ?? payment.reportId,
    purchaseType: purchase.purchaseType,
    researchAsset: purchase.assetName,
    usdAmount: payment.usdAmount,
    quotedUsdPrice: payment.quotedUsdPrice,
    paidLate: payment.paidLate,
    confirmedAt: payment.confirmedAt?.toISOString() ?? null,
    network: setup.network,
    sandbox: setup.mode === 'sandbox',
  };
}
