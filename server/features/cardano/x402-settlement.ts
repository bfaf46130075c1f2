import { setTimeout as sleep } from 'node:timers/promises';
import { LOVELACE_PER_ADA } from '../../../contract/cardano';
import { PRICES_USD } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { DomainError } from '../../domain/errors';
import { BlockfrostChain, ChainUnavailableError } from './chain';
import { insertSandboxOutput } from './sandbox-repository';
import { convertPrice } from './service';

/**
 * The receive address of x402 payments: one fixed index under the account key, far above the
 * indexes checkouts allocate one by one (decision 0285).
 */
export const X402_DERIVATION_INDEX = 2_000_000_000;

interface SubmittedPayment {
  txHash: string;
  cborHex: string;
  asset: string;
  quantity: bigint;
  payer: string;
}

/**
 * What /api/v1 needs to take pay-per-call payments on Cardano, or null when Cardano is
 * unavailable. The sandbox chain records the payment in its ledger; live, the signed transaction
 * goes to Blockfrost and is awaited in a block (decision 0286).
 */
export function x402Settlement(ctx: AppContext) {
  const setup = ctx.payments.cardano;
  if (!setup.deriver || (setup.mode !== 'sandbox' && setup.mode !== 'blockfrost')) return null;
  const payTo = setup.deriver.addressAt(X402_DERIVATION_INDEX);
  const live = setup.mode === 'blockfrost' && setup.chain instanceof BlockfrostChain ? setup.chain : null;
  if (setup.mode === 'blockfrost' && !live) return null;
  const waitMs = ctx.config.X402_CONFIRM_SECONDS * 1000;
  return {
    network: setup.network === 'mainnet' ? ('cardano:mainnet' as const) : ('cardano:preprod' as const),
    payTo,
    /** ADA at the current quote, or the CROW token at its fixed price, as the checkout sells them. */
    async prices() {
      const quotedAt = new Date();
      const ada = await convertPrice(ctx, PRICES_USD.new_report, 'ADA');
      const crow = await convertPrice(ctx, PRICES_USD.new_report, 'CROW');
      return [
        {
          asset: 'lovelace',
          amount: BigInt(Math.round(ada.tokenAmount * 100)) * (LOVELACE_PER_ADA / 100n),
          usdRate: ada.tokenPrice.toFixed(8),
          quotedAt,
        },
        {
          asset: `${setup.crowPolicyId}.${setup.crowAssetNameHex}`,
          amount: BigInt(crow.tokenAmount),
          usdRate: crow.tokenPrice.toFixed(10),
          quotedAt,
        },
      ];
    },
    async submit(payment: SubmittedPayment) {
      if (!live) {
        await insertSandboxOutput(ctx.db, {
          txHash: payment.txHash,
          address: payTo,
          unit: payment.asset.replace('.', ''),
          quantity: payment.quantity.toString(),
          senderAddress: payment.payer,
        });
        return { status: 'confirmed' as const, feeLovelace: null };
      }
      return submitThroughBlockfrost(live, payment, waitMs);
    },
  };
}

/**
 * Submits through Blockfrost, then asks for the transaction until a block holds it or the wait is
 * over. The node checked the inputs when it took the transaction, so one that is only in the
 * mempool when the wait ends still counts (the x402 Cardano scheme's `mempool` status).
 */
async function submitThroughBlockfrost(
  chain: BlockfrostChain,
  payment: SubmittedPayment,
  waitMs: number,
): Promise<{ status: 'confirmed'; feeLovelace: string } | { status: 'mempool' } | { refused: string }> {
  let submitted: { txHash: string } | { refused: string };
  try {
    submitted = await chain.submitTransaction(Buffer.from(payment.cborHex, 'hex'));
  } catch (error) {
    if (error instanceof ChainUnavailableError)
      throw new DomainError('PAYMENT_UNAVAILABLE', X402_CHAIN_UNREACHABLE);
    throw error;
  }
  if ('refused' in submitted) return submitted;
  // Taken: from here on the payment stands, even if Blockfrost stops answering while we wait.
  const pollMs = Math.min(2_000, Math.max(50, waitMs / 20));
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mined = await chain.inBlock(payment.txHash).catch(() => null);
    if (mined) return { status: 'confirmed', feeLovelace: mined.feeLovelace };
    if (Date.now() + pollMs > deadline) return { status: 'mempool' };
    await sleep(pollMs);
  }
}

const X402_CHAIN_UNREACHABLE =
  'The Cardano network cannot be reached right now; nothing was paid. Try again in a minute.';
