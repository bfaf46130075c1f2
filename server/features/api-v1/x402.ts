import {
  AssetName,
  Credential,
  Ed25519Signature,
  EnterpriseAddress,
  FixedTransaction,
  ScriptHash,
  type Value,
} from '@emurgo/cardano-serialization-lib-nodejs';
import { z } from 'zod';

// x402 pay per call on Cardano (decision 0285): the v2 HTTP transport (PAYMENT-REQUIRED,
// PAYMENT-SIGNATURE and PAYMENT-RESPONSE headers, base64 JSON) with the `exact` scheme's
// address-to-address flavor: the client signs a transaction paying `amount` of `asset` (lovelace,
// or the CROW token as "<policy id>.<asset name hex>") to `payTo` (decision 0286).

export const X402_VERSION = 2;

/** What the process can take x402 payments with; absent when Cardano runs on no chain we can submit to. */
export interface X402Settlement {
  network: 'cardano:preprod' | 'cardano:mainnet';
  payTo: string;
  /** The price of one new report in each asset taken: lovelace at the current quote, then CROW. */
  prices(): Promise<X402Price[]>;
  /**
   * Puts the verified transaction on the chain: the sandbox ledger in the demo, Blockfrost live
   * (submitted, then awaited in a block). A chain that refuses it (spent or missing inputs, an
   * invalid script, …) answers `refused` with its reason; nothing is paid then.
   */
  submit(tx: VerifiedPayment): Promise<SubmitOutcome>;
}

/**
 * confirmed: in a block, with the fee the block's transaction paid (lovelace; null on the sandbox
 * ledger, which charges none); mempool: the node took it but no block held it within the wait.
 */
export type SubmitOutcome =
  | { status: 'confirmed'; feeLovelace: string | null }
  | { status: 'mempool' }
  | { refused: string };

export interface PaymentRequirements {
  scheme: 'exact';
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

/** An amount of one asset: 'lovelace', or a native token as "<policy id>.<asset name hex>". */
export interface X402Price {
  asset: string;
  amount: bigint;
  /** USD per ADA (the quote) or per CROW (the fixed price) behind `amount`, and when: the invoice's rate. */
  usdRate: string;
  quotedAt: Date;
}

export function paymentRequirements(settlement: X402Settlement, prices: X402Price[]): PaymentRequirements[] {
  return prices.map((price) => ({
    scheme: 'exact',
    network: settlement.network,
    amount: price.amount.toString(),
    asset: price.asset,
    payTo: settlement.payTo,
    maxTimeoutSeconds: 600,
    extra: { flavor: 'default' },
  }));
}

export const encodeHeader = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** The PAYMENT-REQUIRED object (also the 402's body). */
export function paymentRequired(resourceUrl: string, requirements: PaymentRequirements[], error: string) {
  return {
    x402Version: X402_VERSION,
    error,
    resource: { url: resourceUrl, description: 'One new research report', mimeType: 'application/json' },
    accepts: requirements,
  };
}

const paymentPayloadSchema = z.object({
  x402Version: z.literal(X402_VERSION),
  accepted: z
    .object({
      scheme: z.literal('exact'),
      network: z.string(),
      asset: z.string().max(200).default('lovelace'),
    })
    .passthrough(),
  payload: z.object({ transaction: z.string().min(1).max(64_000) }).passthrough(),
});

export interface VerifiedPayment {
  txHash: string;
  /** The transaction's CBOR, hex. */
  cborHex: string;
  /** The asset paid with ('lovelace' or "<policy id>.<asset name hex>") and how much of it went to payTo. */
  asset: string;
  quantity: bigint;
  /** The ADA that went to payTo (for a token payment, the ADA its output must carry). */
  lovelaceToPayTo: bigint;
  payTo: string;
  network: string;
  /** The enterprise address of the first valid signer. */
  payer: string;
  /** The rate of the price the payment was checked against, and its time (for the invoice). */
  usdRate: string;
  rateAt: Date;
}

/** Why a payment was refused, as PAYMENT-RESPONSE's errorReason. */
export class X402Refusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** How much of the asset a value holds. */
function quantityOf(value: Value, asset: string): bigint {
  if (asset === 'lovelace') return BigInt(value.coin().to_str());
  const [policy, name] = asset.split('.');
  const amount = value
    .multiasset()
    ?.get_asset(ScriptHash.from_hex(policy!), AssetName.new(Buffer.from(name ?? '', 'hex')));
  return amount ? BigInt(amount.to_str()) : 0n;
}

/**
 * Decodes PAYMENT-SIGNATURE and checks the signed transaction: the scheme, network and one of the
 * assets we asked for, at least one valid key witness over the transaction's hash, and outputs
 * paying at least that asset's amount to our address. Whether its inputs exist and are unspent
 * is the chain's to decide when the transaction is submitted (the sandbox ledger does not model
 * inputs).
 */
export function verifyPayment(
  header: string,
  settlement: X402Settlement,
  prices: X402Price[],
): VerifiedPayment {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  } catch {
    throw new X402Refusal('invalid_payload', 'PAYMENT-SIGNATURE is not base64-encoded JSON.');
  }
  const parsed = paymentPayloadSchema.safeParse(decoded);
  if (!parsed.success)
    throw new X402Refusal('invalid_payload', 'PAYMENT-SIGNATURE is not an x402 v2 payment payload.');
  if (parsed.data.accepted.network !== settlement.network)
    throw new X402Refusal('invalid_network', `This server takes payments on ${settlement.network}.`);
  const price = prices.find((p) => p.asset === parsed.data.accepted.asset);
  if (!price)
    throw new X402Refusal(
      'invalid_asset',
      `This server takes ${prices.map((p) => p.asset).join(' or ')}, not ${parsed.data.accepted.asset}.`,
    );
  let tx: FixedTransaction;
  try {
    tx = FixedTransaction.from_bytes(Buffer.from(parsed.data.payload.transaction, 'base64'));
  } catch {
    throw new X402Refusal('invalid_transaction', 'The transaction is not a Cardano transaction.');
  }
  try {
    const hash = tx.transaction_hash();
    const witnesses = tx.witness_set().vkeys();
    let payer: string | null = null;
    for (let i = 0; witnesses && i < witnesses.len(); i += 1) {
      const witness = witnesses.get(i);
      const key = witness.vkey().public_key();
      const signature = Ed25519Signature.from_bytes(witness.signature().to_bytes());
      if (payer === null && key.verify(hash.to_bytes(), signature)) {
        const networkId = settlement.network === 'cardano:mainnet' ? 1 : 0;
        payer = EnterpriseAddress.new(networkId, Credential.from_keyhash(key.hash()))
          .to_address()
          .to_bech32();
      }
    }
    if (payer === null)
      throw new X402Refusal('invalid_signature', 'The transaction carries no valid signature.');
    const outputs = tx.body().outputs();
    let paid = 0n;
    let lovelace = 0n;
    for (let i = 0; i < outputs.len(); i += 1) {
      const output = outputs.get(i);
      if (output.address().to_bech32() !== settlement.payTo) continue;
      paid += quantityOf(output.amount(), price.asset);
      lovelace += quantityOf(output.amount(), 'lovelace');
    }
    if (paid < price.amount) {
      throw new X402Refusal(
        'insufficient_amount',
        `The transaction pays ${paid} ${price.asset} to ${settlement.payTo}; ${price.amount} are required.`,
      );
    }
    return {
      txHash: hash.to_hex(),
      cborHex: tx.to_hex(),
      asset: price.asset,
      quantity: paid,
      lovelaceToPayTo: lovelace,
      payTo: settlement.payTo,
      network: settlement.network,
      payer,
      usdRate: price.usdRate,
      rateAt: price.quotedAt,
    };
  } finally {
    tx.free();
  }
}
