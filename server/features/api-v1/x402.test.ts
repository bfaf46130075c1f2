import { randomBytes } from 'node:crypto';
import {
  Address,
  BigNum,
  FixedTransaction,
  make_vkey_witness,
  PrivateKey,
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
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPurchaseSchema } from '../../../contract/api-v1';
import { accountingDocumentListSchema } from '../../../contract/invoices';
import { cardanoSandboxOutputs, userPurchases, x402Payments } from '../../db/schema';
import { refundCreditPurchasesOfFailedReport } from '../../domain/refunds';
import { markResearchFailed } from '../../research/repository';
import { readPdf } from '../../testing/pdf';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signInAdmin, signUp } from '../../testing/users';

// x402 pay per call on Cardano, the full round trip against the sandbox chain: 402 with
// PAYMENT-REQUIRED, a transaction built and signed by a test wallet, PAYMENT-SIGNATURE, the
// purchase and PAYMENT-RESPONSE; a replayed and an underpaid transaction are refused.

let t: TestApp;
let key: string;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
  user = await signUp(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    headers: { cookie: user.cookie },
    payload: { name: 'agent', scopes: ['reports:buy', 'reports:read'] },
  });
  key = created.json().key;
});
afterAll(async () => {
  await t.close();
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

/** A test wallet: a fresh key pays `lovelace` to `payTo` from a made-up input, and signs. */
function signedTransaction(payTo: string, lovelace: bigint, signer = PrivateKey.generate_ed25519()): string {
  const inputs = TransactionInputs.new();
  inputs.add(TransactionInput.new(TransactionHash.from_bytes(randomBytes(32)), 0));
  const outputs = TransactionOutputs.new();
  outputs.add(
    TransactionOutput.new(Address.from_bech32(payTo), Value.new(BigNum.from_str(lovelace.toString()))),
  );
  const body = TransactionBody.new_tx_body(inputs, outputs, BigNum.from_str('170000'));
  const unsigned = FixedTransaction.new_from_body_bytes(body.to_bytes());
  const witnesses = Vkeywitnesses.new();
  witnesses.add(make_vkey_witness(unsigned.transaction_hash(), signer));
  const witnessSet = TransactionWitnessSet.new();
  witnessSet.set_vkeys(witnesses);
  unsigned.set_witness_set(witnessSet.to_bytes());
  return Buffer.from(unsigned.to_bytes()).toString('base64');
}

function paymentFor(required: { accepts: { network: string; payTo: string }[] }, transaction: string) {
  return encode({ x402Version: 2, accepted: required.accepts[0], payload: { transaction } });
}

describe('x402 pay per call on Cardano', () => {
  it('answers 402 with PAYMENT-REQUIRED, takes a signed transaction, submits it and answers PAYMENT-RESPONSE', async () => {
    const first = await buy('agent-1');
    expect(first.statusCode).toBe(402);
    const required = decode(first.headers['payment-required']);
    expect(required).toMatchObject({
      x402Version: 2,
      accepts: [
        { scheme: 'exact', network: 'cardano:preprod', asset: 'lovelace' },
        // The CROW token, as "<policy id>.<asset name hex>" (decision 0286).
        {
          scheme: 'exact',
          network: 'cardano:preprod',
          asset: expect.stringMatching(/^[0-9a-f]{56}\.[0-9a-f]+$/),
        },
      ],
    });
    const { amount, payTo } = required.accepts[0];
    expect(BigInt(amount)).toBeGreaterThan(0n);
    expect(payTo).toMatch(/^addr_test1/);

    const transaction = signedTransaction(payTo, BigInt(amount));
    const paid = await buy('agent-1', paymentFor(required, transaction));
    expect(paid.statusCode, paid.body).toBe(201);
    const purchase = apiPurchaseSchema.parse(paid.json());
    expect(purchase).toMatchObject({ paidWith: 'x402', status: 'completed', assetId: 'bitcoin' });
    const settlement = decode(paid.headers['payment-response']);
    expect(settlement).toMatchObject({ success: true, network: 'cardano:preprod' });
    expect(settlement.transaction).toMatch(/^[0-9a-f]{64}$/);
    expect(settlement.payer).toMatch(/^addr_test1/);

    // On the sandbox chain, and recorded once against the purchase.
    const [onChain] = await t.ctx.db
      .select()
      .from(cardanoSandboxOutputs)
      .where(eq(cardanoSandboxOutputs.txHash, settlement.transaction));
    expect(onChain).toMatchObject({ address: payTo, unit: 'lovelace', quantity: amount });
    const [recorded] = await t.ctx.db
      .select()
      .from(x402Payments)
      .where(eq(x402Payments.txHash, settlement.transaction));
    expect(recorded!.purchaseId).toBe(purchase.purchaseId);

    // The same request again (same Idempotency-Key): the same purchase, nothing paid again.
    const retried = await buy('agent-1', paymentFor(required, transaction));
    expect(retried.statusCode).toBe(200);
    expect(retried.json().purchaseId).toBe(purchase.purchaseId);

    // The same signed transaction for another purchase: refused, nothing bought.
    const replayed = await buy('agent-2', paymentFor(required, transaction));
    expect(replayed.statusCode).toBe(402);
    expect(decode(replayed.headers['payment-response'])).toMatchObject({
      success: false,
      errorReason: 'transaction_already_used',
    });
    const mine = await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.paymentMethod, 'x402'));
    expect(mine).toHaveLength(1);
  });

  it('refuses an underpaid, an unsigned-by-anyone and a malformed payment', async () => {
    const required = decode((await buy('agent-3')).headers['payment-required']);
    const { amount, payTo } = required.accepts[0];

    const under = await buy('agent-3', paymentFor(required, signedTransaction(payTo, BigInt(amount) - 1n)));
    expect(under.statusCode).toBe(402);
    expect(decode(under.headers['payment-response'])).toMatchObject({
      success: false,
      errorReason: 'insufficient_amount',
    });

    // Signed, but the witness is over another transaction: no valid signature.
    const good = FixedTransaction.from_bytes(Buffer.from(signedTransaction(payTo, BigInt(amount)), 'base64'));
    const other = FixedTransaction.from_bytes(
      Buffer.from(signedTransaction(payTo, BigInt(amount)), 'base64'),
    );
    good.set_witness_set(other.witness_set().to_bytes());
    const forged = await buy(
      'agent-3',
      paymentFor(required, Buffer.from(good.to_bytes()).toString('base64')),
    );
    expect(forged.statusCode).toBe(402);
    expect(decode(forged.headers['payment-response']).errorReason).toBe('invalid_signature');

    const wrongNetwork = await buy(
      'agent-3',
      encode({
        x402Version: 2,
        accepted: { ...required.accepts[0], network: 'cardano:mainnet' },
        payload: { transaction: 'AA==' },
      }),
    );
    expect(wrongNetwork.statusCode).toBe(402);
    const garbage = await buy('agent-3', 'not base64 json');
    expect(garbage.statusCode).toBe(400);
    expect(
      await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.idempotencyKey, 'agent-3')),
    ).toEqual([]);
  });

  it('a call refunded after failed research gives back one API credit: its credit note and the books say so, with no crypto', async () => {
    const required = decode((await buy('agent-refund')).headers['payment-required']);
    const { amount, payTo } = required.accepts[0];
    const paid = await buy('agent-refund', paymentFor(required, signedTransaction(payTo, BigInt(amount))));
    expect(paid.statusCode, paid.body).toBe(201);
    const purchase = apiPurchaseSchema.parse(paid.json());
    await markResearchFailed(t.ctx.db, purchase.reportId!, 'Market data source timed out');
    expect(await refundCreditPurchasesOfFailedReport(t.ctx.db, t.ctx.queue, purchase.reportId!)).toBe(1);

    const documents = accountingDocumentListSchema.parse(
      (await t.app.inject({ url: '/api/account/invoices', headers: { cookie: user.cookie } })).json(),
    );
    const invoice = documents.find((d) => d.kind === 'invoice' && d.crypto && d.paymentMethod === 'x402');
    const note = documents.find((d) => d.kind === 'credit_note' && d.creditsInvoice === invoice?.number);
    expect(invoice?.crypto?.currency).toBe('ADA'); // the call itself was paid in ADA
    expect(note).toMatchObject({ crypto: null });
    expect(note!.description).toMatch(/^Refund as 1 API credit/);
    const pdf = await t.app.inject({ url: note!.pdfUrl, headers: { cookie: user.cookie } });
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toMatch(/Refunded as:\s+1 API credit/);
    expect(text).not.toMatch(/Paid:\s+[\d.]+ ADA/);

    // The accountant's books: no ADA out, and nothing taken from the Cardano wallet.
    const admin = await signInAdmin(t.app, t.ctx.db);
    const exported = async (kind: string) =>
      (await t.app.inject({ url: `/api/admin/exports/${kind}`, headers: { cookie: admin.cookie } })).body;
    const journal = (await exported('journal')).split('\n\n').find((entry) => entry.includes(note!.number))!;
    expect(journal).toContain('liabilities:api-credits');
    expect(journal).not.toContain('cardano-wallet');
    expect(journal).not.toContain('paid:');
    const row = (await exported('payments')).split('\n').find((line) => line.includes(note!.number))!;
    expect(row).not.toContain('ADA');
    expect(row).toContain('refunded as 1 API credit');
  });
});
