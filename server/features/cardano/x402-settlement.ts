import { LOVELACE_PER_ADA } from '../../../contract/cardano';
import { PRICES_USD } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { insertSandboxOutput } from './sandbox-repository';
import { convertPrice } from './service';

/**
 * The receive address of x402 payments: one fixed index under the account key, far above the
 * indexes checkouts allocate one by one (decision 0285).
 */
export const X402_DERIVATION_INDEX = 2_000_000_000;

/**
 * What /api/v1 needs to take pay-per-call payments on Cardano, or null: only the sandbox chain
 * can take a submitted transaction today (live submission through Blockfrost is not built).
 */
export function x402Settlement(ctx: AppContext) {
  const setup = ctx.payments.cardano;
  if (setup.mode !== 'sandbox' || !setup.deriver) return null;
  const payTo = setup.deriver.addressAt(X402_DERIVATION_INDEX);
  return {
    network: setup.network === 'mainnet' ? ('cardano:mainnet' as const) : ('cardano:preprod' as const),
    payTo,
    async priceLovelace() {
      const { tokenAmount } = await convertPrice(ctx, PRICES_USD.new_report, 'ADA');
      return BigInt(Math.round(tokenAmount * 100)) * (LOVELACE_PER_ADA / 100n);
    },
    async submit(payment: { txHash: string; lovelaceToPayTo: bigint; payer: string }) {
      await insertSandboxOutput(ctx.db, {
        txHash: payment.txHash,
        address: payTo,
        unit: 'lovelace',
        quantity: payment.lovelaceToPayTo.toString(),
        senderAddress: payment.payer,
      });
    },
  };
}
