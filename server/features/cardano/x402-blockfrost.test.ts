import { randomBytes } from 'node:crypto';
import {
  Address,
  AssetName,
  Assets,
  BigNum,
  FixedTransaction,
  MultiAsset,
  make_vkey_witness,
  PrivateKey,
  ScriptHash,
  TransactionBody,
  TransactionHash,
  TransactionInput,
  TransactionInputs,
  TransactionOutput,
  TransactionOutputs,
  TransactionWitnessSet,
  Value,
  Vkeywitnesses,
} from '@emurgo/cardano-serialization-lib-nodejs';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPurchaseSchema } from '../../../contract/api-v1';
import { userPurchases, x402Payments } from '../../db/schema';
import { readPdf } from '../../testing/pdf';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signInAdmin, signUp } from '../../testing/users';
import { SANDBOX_ACCOUNT_XPUB } from './derivation';
import {
  type FakeBlockfrost,
  type FakeCoinGecko,
  startFakeBlockfrost,
  startFakeCoinGecko,
} from './testing/fake-services';
import { X402_DERIVATION_INDEX } from './x402-settlement';

// x402 pay per call with Cardano live: the signed transaction is verified, submitted through the
// Blockfrost SDK (POST /tx/submit, CBOR) to a fake Blockfrost on 127.0.0.1 that speaks its wire
// format, awaited in a block (GET /txs/{hash}) and answered with PAYMENT-RESPONSE. A replayed
// transaction is never submitted again; one the chain refuses (its inputs already spent) buys
// nothing; an outage answers 503 and buys nothing.

const POLICY = 'ab'.repeat(28);
const CROW_ASSET = `${POLICY}.${Buffer.from('CROW').toString('hex')}`;
let chain: FakeBlockfrost;
let prices: FakeCoinGecko;
let t: TestApp;
let key: string;
let agentOwner: SignedInUser;

beforeAll(async () => {
  chain = await startFakeBlockfrost();
  prices = await startFakeCoinGecko(0.5);
  t = await createTestApp({
    RESEARCH_DATA: 'offline',
    BLOCKFROST_PROJECT_ID: 'preprodFakeProjectId',
    BLOCKFROST_URL: chain.url,
    CARDANO_ACCOUNT_XPUB: SANDBOX_ACCOUNT_XPUB,
    CARDANO_NETWORK: 'preprod',
    COINGECKO_API_KEY: 'demo-test-key',
    COINGECKO_BASE_URL: prices.url,
    CROW_POLICY_ID: POLICY,
    CROW_ASSET_NAME: 'CROW',
    X402_CONFIRM_SECONDS: '1',
  });
  agentOwner = await signUp(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    headers: { cookie: agentOwner.cookie },
    payload: { name: 'agent', scopes: ['reports:buy', 'reports:read'] },
  });
  key = created.json().key;
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
  await prices?.close();
});
beforeEach(() => {
  chain.failWith = undefined;
  chain.lookupsBeforeBlock = 1;
});

const decode = (header: string | string[] | number | undefined) =>
  JSON.parse(Buffer.from(String(header), 'base64').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

const buy = (idempotencyKey: string, paymentSignature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/reports',
    headers: {
      authorization: `Bearer ${key}`,
      'idempotency-key': idempotencyKey,
      ...(paymentSignature ? { 'payment-signature': paymentSignature } : {}),
    },
    payload: { assetId: 'bitcoin' },
  });

/**
 * A test wallet's transaction: spends `input` (a fresh one by default), pays `lovelace` to
 * `payTo` (with `crow` CROW tokens beside it when given) and `fee` to the network, signed.
 */
function signedTransaction(
  payTo: string,
  lovelace: bigint,
  { input = randomBytes(32), crow, fee = 170_000n }: { input?: Buffer; crow?: bigint; fee?: bigint } = {},
): string {
  const inputs = TransactionInputs.new();
  inputs.add(TransactionInput.new(TransactionHash.from_bytes(input), 0));
  const outputs = TransactionOutputs.new();
  const value = Value.new(BigNum.from_str(lovelace.toString()));
  if (crow !== undefined) {
    const tokens = Assets.new();
    tokens.insert(AssetName.new(Buffer.from('CROW')), BigNum.from_str(crow.toString()));
    const multiAsset = MultiAsset.new();
    multiAsset.insert(ScriptHash.from_hex(POLICY), tokens);
    value.set_multiasset(multiAsset);
  }
  outputs.add(TransactionOutput.new(Address.from_bech32(payTo), value));
  const body = TransactionBody.new_tx_body(inputs, outputs, BigNum.from_str(fee.toString()));
  const unsigned = FixedTransaction.new_from_body_bytes(body.to_bytes());
  const witnesses = Vkeywitnesses.new();
  witnesses.add(make_vkey_witness(unsigned.transaction_hash(), PrivateKey.generate_ed25519()));
  const witnessSet = TransactionWitnessSet.new();
  witnessSet.set_vkeys(witnesses);
  unsigned.set_witness_set(witnessSet.to_bytes());
  return Buffer.from(unsigned.to_bytes()).toString('base64');
}
const hashOf = (transaction: string) =>
  FixedTransaction.from_bytes(Buffer.from(transaction, 'base64')).transaction_hash().to_hex();

function paymentFor(
  required: { accepts: { network: string; payTo: string; asset: string }[] },
  transaction: string,
  asset = 'lovelace',
) {
  const accepted = required.accepts.find((option) => option.asset === asset);
  return encode({ x402Version: 2, accepted, payload: { transaction } });
}

async function requirements(idempotencyKey: string) {
  const first = await buy(idempotencyKey);
  expect(first.statusCode, first.body).toBe(402);
  const required = decode(first.headers['payment-required']);
  return { required, amount: BigInt(required.accepts[0].amount), payTo: required.accepts[0].payTo as string };
}

const x402Purchases = () =>
  t.ctx.db.select().from(userPurchases).where(eq(userPurchases.paymentMethod, 'x402'));

describe('x402 on Cardano through Blockfrost (live)', () => {
  it('verifies, submits the CBOR through Blockfrost, waits for a block and answers PAYMENT-RESPONSE; a replay is never submitted again', async () => {
    const { required, amount, payTo } = await requirements('live-1');
    // The account's own x402 address on preprod, priced at the live ADA quote (0.5 USD).
    expect(required.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: 'cardano:preprod',
      asset: 'lovelace',
    });
    expect(payTo).toBe(t.ctx.payments.cardano.deriver!.addressAt(X402_DERIVATION_INDEX));
    expect(amount).toBe(9_980_000n); // the 4.99 USD new-report price at 0.5 USD per ADA

    const transaction = signedTransaction(payTo, amount);
    const txHash = hashOf(transaction);
    const lookupsBefore = chain.requestsByKind.tx ?? 0;
    const paid = await buy('live-1', paymentFor(required, transaction));
    expect(paid.statusCode, paid.body).toBe(201);
    const purchase = apiPurchaseSchema.parse(paid.json());
    expect(purchase).toMatchObject({ paidWith: 'x402', status: 'completed', assetId: 'bitcoin' });
    expect(decode(paid.headers['payment-response'])).toMatchObject({
      success: true,
      transaction: txHash,
      network: 'cardano:preprod',
      payer: expect.stringMatching(/^addr_test1/),
      extensions: { status: 'confirmed' },
    });
    // Submitted once as CBOR, then looked up until a block held it (one 404 from the mempool first).
    expect(chain.submitted).toEqual([{ txHash, contentType: 'application/cbor' }]);
    expect((chain.requestsByKind.tx ?? 0) - lookupsBefore).toBe(2);
    const [recorded] = await t.ctx.db.select().from(x402Payments).where(eq(x402Payments.txHash, txHash));
    expect(recorded).toMatchObject({
      purchaseId: purchase.purchaseId,
      payTo,
      unit: 'lovelace',
      quantity: amount.toString(),
      lovelace: amount.toString(),
    });

    // The same signed transaction for another purchase: refused before it reaches the chain.
    const replayed = await buy('live-2', paymentFor(required, transaction));
    expect(replayed.statusCode).toBe(402);
    expect(decode(replayed.headers['payment-response'])).toMatchObject({
      success: false,
      errorReason: 'transaction_already_used',
    });
    expect(chain.submitted).toHaveLength(1);
    expect(await x402Purchases()).toHaveLength(1);
  });

  it('buys nothing when the chain refuses the transaction (its input already spent), and nothing is submitted for an underpaid one', async () => {
    const { required, amount, payTo } = await requirements('live-3');
    const input = randomBytes(32);
    const first = await buy('live-3', paymentFor(required, signedTransaction(payTo, amount, { input })));
    expect(first.statusCode, first.body).toBe(201);
    const before = (await x402Purchases()).length;

    // Another transaction (it pays one lovelace more) spending the same input: a double spend.
    const doubleSpend = signedTransaction(payTo, amount + 1n, { input });
    const refused = await buy('live-4', paymentFor(required, doubleSpend));
    expect(refused.statusCode).toBe(402);
    const response = decode(refused.headers['payment-response']);
    expect(response).toMatchObject({ success: false, errorReason: 'transaction_refused' });
    expect(refused.json().message).toMatch(/^The Cardano network refused the transaction: .*BadInputsUTxO/);
    expect(await x402Purchases()).toHaveLength(before);
    expect(
      await t.ctx.db
        .select()
        .from(x402Payments)
        .where(eq(x402Payments.txHash, hashOf(doubleSpend))),
    ).toEqual([]);

    const submittedBefore = chain.submitted.length;
    const under = await buy('live-5', paymentFor(required, signedTransaction(payTo, amount - 1n)));
    expect(decode(under.headers['payment-response']).errorReason).toBe('insufficient_amount');
    expect(chain.submitted).toHaveLength(submittedBefore);
  });

  it('takes the CROW token at its fixed price, checked in the outputs to our address', async () => {
    const { required, payTo } = await requirements('live-crow-1');
    const crow = required.accepts.find((option: { asset: string }) => option.asset === CROW_ASSET);
    expect(crow).toMatchObject({ scheme: 'exact', network: 'cardano:preprod', amount: '10000000', payTo });

    // Only ADA where CROW was chosen, or one token short: refused, nothing submitted.
    const submittedBefore = chain.submitted.length;
    const adaOnly = await buy(
      'live-crow-1',
      paymentFor(required, signedTransaction(payTo, 50_000_000n), CROW_ASSET),
    );
    expect(decode(adaOnly.headers['payment-response']).errorReason).toBe('insufficient_amount');
    const short = await buy(
      'live-crow-1',
      paymentFor(required, signedTransaction(payTo, 1_500_000n, { crow: 9_999_999n }), CROW_ASSET),
    );
    expect(decode(short.headers['payment-response']).errorReason).toBe('insufficient_amount');
    const otherToken = await buy(
      'live-crow-1',
      encode({
        x402Version: 2,
        accepted: { ...crow, asset: `${'cd'.repeat(28)}.43524f57` },
        payload: { transaction: signedTransaction(payTo, 1_500_000n, { crow: 10_000_000n }) },
      }),
    );
    expect(decode(otherToken.headers['payment-response']).errorReason).toBe('invalid_asset');
    expect(chain.submitted).toHaveLength(submittedBefore);

    const transaction = signedTransaction(payTo, 1_500_000n, { crow: 10_000_000n });
    const paid = await buy('live-crow-1', paymentFor(required, transaction, CROW_ASSET));
    expect(paid.statusCode, paid.body).toBe(201);
    expect(decode(paid.headers['payment-response'])).toMatchObject({
      success: true,
      transaction: hashOf(transaction),
      extensions: { status: 'confirmed' },
    });
    const [recorded] = await t.ctx.db
      .select()
      .from(x402Payments)
      .where(eq(x402Payments.txHash, hashOf(transaction)));
    expect(recorded).toMatchObject({ unit: CROW_ASSET, quantity: '10000000', lovelace: '1500000' });
  });

  it('answers 503 and buys nothing while Blockfrost is down; a transaction not yet in a block when the wait ends counts as in the mempool', async () => {
    const { required, amount, payTo } = await requirements('live-6');
    const transaction = signedTransaction(payTo, amount);
    chain.failWith = 503;
    const down = await buy('live-6', paymentFor(required, transaction));
    expect(down.statusCode).toBe(503);
    expect(
      await t.ctx.db
        .select()
        .from(x402Payments)
        .where(eq(x402Payments.txHash, hashOf(transaction))),
    ).toEqual([]);

    // Back up: the same transaction may be sent again, and this time no block holds it in time.
    chain.failWith = undefined;
    chain.lookupsBeforeBlock = 1_000;
    const paid = await buy('live-6', paymentFor(required, transaction));
    expect(paid.statusCode, paid.body).toBe(201);
    expect(decode(paid.headers['payment-response'])).toMatchObject({
      success: true,
      transaction: hashOf(transaction),
      extensions: { status: 'mempool' },
    });
    // No block answered for it yet, so no fee is known: the export leaves it empty, not 0.
    const [recorded] = await t.ctx.db
      .select()
      .from(x402Payments)
      .where(eq(x402Payments.txHash, hashOf(transaction)));
    expect(recorded?.feeLovelace).toBeNull();
  });
});

// The invoice facts for a Cardano payment (decision 0308): an x402 call's invoice, its
// PDF and the accountant's payments export carry the transaction, the ADA or CROW paid, and the
// USD rate the payment was checked at with its time.
describe('invoices of x402 payments', () => {
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  let admin: SignedInUser | undefined;
  /** The accountant's payments export, parsed back. */
  async function paymentsExport() {
    admin ??= await signInAdmin(t.app, t.ctx.db);
    const exported = await get(admin.cookie, '/api/admin/exports/payments');
    expect(exported.statusCode, exported.body).toBe(200);
    return parse(exported.body, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  }

  async function payAndReadInvoice(
    idempotencyKey: string,
    transactionFor: (payTo: string, amount: bigint) => string,
    asset?: string,
  ) {
    const { required, amount, payTo } = await requirements(idempotencyKey);
    const transaction = transactionFor(payTo, amount);
    const before = Date.now();
    const paid = await buy(idempotencyKey, paymentFor(required, transaction, asset));
    const after = Date.now();
    expect(paid.statusCode, paid.body).toBe(201);
    const { purchaseId } = apiPurchaseSchema.parse(paid.json());
    const listed = await get(agentOwner.cookie, '/api/account/invoices');
    expect(listed.statusCode).toBe(200);
    const invoice = listed
      .json()
      .find(
        (document: { kind: string; paymentReference: string }) =>
          document.paymentReference === hashOf(transaction),
      );
    expect(invoice, listed.body).toBeDefined();
    const pdf = await get(agentOwner.cookie, invoice.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    const rateTime = Date.parse(invoice.crypto.rateAt);
    expect(rateTime).toBeGreaterThanOrEqual(before);
    expect(rateTime).toBeLessThanOrEqual(after);
    return {
      invoice,
      txHash: hashOf(transaction),
      purchaseId,
      pdfText: (await readPdf(pdf.rawPayload)).text,
    };
  }

  it('an ADA payment: the invoice JSON and PDF state the transaction hash, the ADA, the quoted rate and its time', async () => {
    const { invoice, txHash, pdfText } = await payAndReadInvoice('invoice-ada', (payTo, amount) =>
      signedTransaction(payTo, amount, { fee: 168_141n }),
    );
    expect(invoice).toMatchObject({
      kind: 'invoice',
      total: '4.99',
      currency: 'USD',
      paymentMethod: 'x402',
      paymentReference: txHash,
      // 9.98 ADA at the fake CoinGecko's 0.5 USD per ADA; the fee Blockfrost's GET /txs/{hash} gave.
      crypto: { currency: 'ADA', amount: '9.980000', usdRate: '0.5000000000', networkFee: '0.168141' },
    });
    expect(pdfText).toContain(invoice.number);
    expect(pdfText).toContain('Cardano (x402 pay per call)');
    expect(pdfText).toContain(txHash);
    expect(pdfText).toContain('9.980000 ADA');
    expect(pdfText).toContain(`1 ADA = 0.5000000000 USD at ${invoice.crypto.rateAt}`);
    expect(pdfText).toMatch(/Network fee paid by the buyer:\s+0\.168141 ADA/);

    // The buyer's data export holds the same: the invoice's reference and fee, the payment's rate and fee.
    const exported = (await get(agentOwner.cookie, '/api/account/export')).json();
    expect(exported.invoices).toContainEqual(
      expect.objectContaining({
        number: invoice.number,
        paymentMethod: 'x402',
        paymentReference: txHash,
        networkFee: '0.168141',
      }),
    );
    expect(exported.api.paymentsPerCall).toContainEqual(
      expect.objectContaining({
        transaction: txHash,
        feeLovelace: '168141',
        usdRate: '0.5000000000',
        rateAt: invoice.crypto.rateAt,
      }),
    );

    // The accountant's row carries the same fee.
    const row = (await paymentsExport()).find((r) => r.document_number === invoice.number);
    expect(row).toMatchObject({
      provider_payment_id_or_tx_hash: txHash,
      crypto: 'ADA',
      network_fee: '0.168141',
    });
  });

  it('a CROW payment: the token amount at its fixed price; the payments export row carries the same facts', async () => {
    const { invoice, txHash, purchaseId, pdfText } = await payAndReadInvoice(
      'invoice-crow',
      (payTo) => signedTransaction(payTo, 1_500_000n, { crow: 10_000_000n }),
      CROW_ASSET,
    );
    // 4.99 USD for 10,000,000 CROW (the amount column keeps six decimals, as for the checkout's CROW).
    expect(invoice.crypto).toMatchObject({
      currency: 'CROW',
      amount: '10000000.000000',
      usdRate: '0.0000004990',
    });
    expect(pdfText).toContain(txHash);
    expect(pdfText).toContain('10000000.000000 CROW');
    expect(pdfText).toContain(`1 CROW = 0.0000004990 USD at ${invoice.crypto.rateAt}`);

    const row = (await paymentsExport()).find((r) => r.document_number === invoice.number);
    expect(row).toMatchObject({
      purchase_id: String(purchaseId),
      method: 'x402',
      provider_payment_id_or_tx_hash: txHash,
      crypto: 'CROW',
      crypto_amount: '10000000.000000',
      // The fee is always ADA, whatever the transaction carried to us.
      network_fee: '0.170000',
      fiat_currency: 'USD',
      fiat_amount: '4.99',
      usd_rate: '0.0000004990',
      rate_time: invoice.crypto.rateAt,
      status: 'paid',
    });
  });
});
