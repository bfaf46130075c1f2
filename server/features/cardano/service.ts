import QRCode from 'qrcode';
import type { z } from 'zod';
import {
  CARDANO_MESSAGES,
  CARDANO_PAYMENT_WINDOW_MS,
  type CardanoPayment,
  CROW_TOKEN_AMOUNT,
  type createCardanoPaymentRequestSchema,
  LOVELACE_PER_ADA,
  type PriceConversion,
  roundAdaUp,
} from '../../../contract/cardano';
import { PRICES_USD } from '../../../contract/constants';
import { PURCHASE_RULE_MESSAGES, PURCHASE_RULE_STATUS } from '../../../contract/purchases';
import type { AppContext } from '../../context';
import { checkReportPurchase, isOnePurchaseViolation } from '../../domain/purchase-rule';
import { createPendingPurchase } from '../../domain/purchases';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { SandboxChain } from './chain';
import { PriceUnavailableError } from './price';
import {
  allocateDerivationIndex,
  type CardanoPaymentRow,
  findPaymentWithPurchase,
  insertCardanoPayment,
} from './repository';
import { type CardanoSetup, cardanoSetupFor } from './setup';
import { CardanoWatcher } from './watcher';

type CreateRequest = z.output<typeof createCardanoPaymentRequestSchema>;

const serviceUnavailable = (message: string) => new HttpError(503, message);

/** Base units as a display decimal: lovelace to ADA (6 places); tokens are whole units. */
export function toDisplayAmount(quantity: bigint, currency: CardanoPayment['currency']): string {
  if (currency === 'NATIVE_TOKEN') return quantity.toString();
  const whole = quantity / LOVELACE_PER_ADA;
  const fraction = (quantity % LOVELACE_PER_ADA).toString().padStart(6, '0');
  return `${whole}.${fraction}`;
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
  const quote = await adaQuote(cardanoSetupFor(ctx));
  return {
    tokenPrice: quote.usd,
    tokenAmount: roundAdaUp(amountUsd / quote.usd),
    sandboxPrice: quote.sandbox,
  };
}

export async function createCardanoPayment(ctx: AppContext, userId: number, body: CreateRequest) {
  const setup = cardanoSetupFor(ctx);
  if (setup.mode === 'unavailable' || !setup.deriver) throw serviceUnavailable(CARDANO_MESSAGES.unavailable);
  const deriver = setup.deriver;

  // What is bought decides the price; the amount the client sent never does.
  let researchAsset = body.researchAsset;
  let reportId: number | null = null;
  if (body.purchaseType === 'existing_report') {
    if (!body.reportId) throw badRequest(CARDANO_MESSAGES.reportRequired);
    // The same one-purchase rule as the card checkout (decision 0080).
    const check = await checkReportPurchase(ctx.db, userId, body.reportId);
    if (check.kind !== 'available') {
      throw new HttpError(PURCHASE_RULE_STATUS[check.kind], PURCHASE_RULE_MESSAGES[check.kind]);
    }
    reportId = check.report.id;
    researchAsset = check.report.assetName;
  }
  const usdAmount = PRICES_USD[body.purchaseType];

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
      throw badRequest(CARDANO_MESSAGES.wrongToken);
    if (body.assetName !== undefined && body.assetName.toLowerCase() !== setup.crowAssetNameHex) {
      throw badRequest(CARDANO_MESSAGES.wrongToken);
    }
    expectedQuantity = BigInt(CROW_TOKEN_AMOUNT);
    amount = expectedQuantity.toString();
    policyId = setup.crowPolicyId;
    assetName = setup.crowAssetNameHex;
  }

  const expiresAt = new Date(Date.now() + CARDANO_PAYMENT_WINDOW_MS);
  const created = ctx.db.transaction(async (tx) => {
    const derivationIndex = await allocateDerivationIndex(tx);
    const address = deriver.addressAt(derivationIndex);
    const qrCode = await QRCode.toDataURL(paymentUriOf(address, body.currency, amount), {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 256,
    });
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
      reportId,
      paymentMethod: 'cardano',
      cardanoPaymentId: payment.id,
    });
    return { payment, purchase };
  });
  // A concurrent checkout of the same report got there first: the database key refuses ours.
  const { payment, purchase } = await created.catch((error: unknown) => {
    if (isOnePurchaseViolation(error)) {
      throw new HttpError(PURCHASE_RULE_STATUS.payment_open, PURCHASE_RULE_MESSAGES.payment_open);
    }
    throw error;
  });
  ctx.log.info({ paymentId: payment.id, currency: payment.currency, amount }, 'cardano payment created');
  return toClientPayment(setup, payment, purchase);
}

export async function getCardanoPayment(ctx: AppContext, userId: number, paymentId: number) {
  const row = await findPaymentWithPurchase(ctx.db, paymentId, userId);
  if (!row) throw notFound(CARDANO_MESSAGES.paymentNotFound);
  return toClientPayment(cardanoSetupFor(ctx), row.payment, row.purchase);
}

/** Sandbox only: credits the expected amount on the simulated chain and checks it at once. */
export async function simulateIncomingPayment(ctx: AppContext, userId: number, paymentId: number) {
  const setup = cardanoSetupFor(ctx);
  const sandboxChain = setup.chain;
  if (ctx.config.isProduction || setup.mode !== 'sandbox' || !(sandboxChain instanceof SandboxChain)) {
    throw forbidden(CARDANO_MESSAGES.sandboxOnly);
  }
  const row = await findPaymentWithPurchase(ctx.db, paymentId, userId);
  if (!row) throw notFound(CARDANO_MESSAGES.paymentNotFound);
  if (row.payment.status === 'confirmed') throw new HttpError(409, CARDANO_MESSAGES.notPending);
  const { payment } = row;
  const unit = payment.currency === 'ADA' ? 'lovelace' : `${payment.policyId}${payment.assetName ?? ''}`;
  const missing = BigInt(payment.expectedQuantity) - BigInt(payment.receivedQuantity);
  sandboxChain.credit(payment.address, unit, missing > 0n ? missing : 0n);
  await new CardanoWatcher({
    db: ctx.db,
    queue: ctx.queue,
    chain: sandboxChain,
    log: ctx.log,
    confirmations: 0,
  }).checkPayment(payment);
  return getCardanoPayment(ctx, userId, paymentId);
}

export function toClientPayment(
  setup: CardanoSetup,
  payment: CardanoPaymentRow,
  purchase: { purchaseType: CardanoPayment['purchaseType']; assetName: string; reportId: number | null },
): CardanoPayment {
  return {
    id: payment.id,
    status: payment.status,
    currency: payment.currency,
    amount: toDisplayAmount(BigInt(payment.expectedQuantity), payment.currency),
    receivedAmount: toDisplayAmount(BigInt(payment.receivedQuantity), payment.currency),
    description: payment.description,
    address: payment.address,
    qrCode: payment.qrCode ?? '',
    paymentUri: paymentUriOf(
      payment.address,
      payment.currency,
      toDisplayAmount(BigInt(payment.expectedQuantity), payment.currency),
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
