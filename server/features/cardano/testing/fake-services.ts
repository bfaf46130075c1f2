import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Address,
  BaseAddress,
  FixedTransaction,
  RewardAddress,
} from '@emurgo/cardano-serialization-lib-nodejs';

// Small stand-ins for Blockfrost and CoinGecko on 127.0.0.1 that answer in the real wire
// formats, so tests and the benchmark drive the official SDKs end to end. The Blockfrost fake
// keeps a chain of transactions: account UTxOs (by the stake key inside each base address),
// address UTxOs, transactions and their inputs, blocks and the tip; and takes signed
// transactions on POST /tx/submit (CBOR), refusing one whose inputs were already spent.

export interface FakeUtxo {
  unit: string;
  quantity: string;
  confirmations: number;
}

export interface SendOptions {
  /** When the transaction's block was made (default: now). */
  blockTime?: Date;
  /** The first input's address (default: a fixed buyer wallet). */
  sender?: string;
  /** The fee the transaction paid, lovelace (default 170000), as GET /txs/{hash} answers `fees`. */
  feeLovelace?: string;
}

export interface FakeBlockfrost {
  url: string;
  /** Puts each output on chain at the address as its own transaction; returns their hashes. */
  send(address: string, outputs: FakeUtxo[], options?: SendOptions): string[];
  /** Lets the chain grow until the address's newest block is this deep (depth only grows). */
  setConfirmations(address: string, confirmations: number): void;
  /** While set, every request answers this status (429 rate limit, 5xx outage). */
  failWith: number | undefined;
  /** Artificial latency per request. */
  delayMs: number;
  requests: number;
  /** Transactions taken by POST /tx/submit, with the request's content type. */
  submitted: { txHash: string; contentType: string | undefined }[];
  /** How many GET /txs/{hash} a submitted transaction answers 404 (in the mempool) before a block holds it. */
  lookupsBeforeBlock: number;
  /** Requests per endpoint kind: 'account-utxos', 'address-utxos', 'tx', 'tx-utxos', 'block', 'tip', 'submit'. */
  requestsByKind: Record<string, number>;
  /** Most requests seen within any one second. */
  peakRequestsPerSecond: number;
  close(): Promise<void>;
}

/** A preprod enterprise address outside our account: the buyer's wallet. */
export const FAKE_SENDER_ADDRESS = 'addr_test1vz9jrppy446d7fwntsh23cy55nzutt4jew6yysvnx9tfxycvp587p';

/** The stake key hash of a base address, or of a stake (reward) address; null for others. */
function stakeKeyHashOf(bech32: string): string | null {
  try {
    const address = Address.from_bech32(bech32);
    const base = BaseAddress.from_address(address);
    if (base) return base.stake_cred().to_keyhash()?.to_hex() ?? null;
    const reward = RewardAddress.from_address(address);
    if (reward) return reward.payment_cred().to_keyhash()?.to_hex() ?? null;
    return null;
  } catch {
    return null;
  }
}

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  server.keepAliveTimeout = 1_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    });
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const ERRORS: Record<number, { error: string; message: string }> = {
  404: { error: 'Not Found', message: 'The requested component has not been found.' },
  429: { error: 'Project Over Limit', message: 'Usage is over limit.' },
  500: { error: 'Internal Server Error', message: 'An unexpected response was received from the backend.' },
  503: { error: 'Service Unavailable', message: 'Service temporarily unavailable.' },
};

interface FakeTx {
  hash: string;
  block: string;
  height: number;
  time: number;
  sender: string;
  fee: string;
  address: string;
  amount: { unit: string; quantity: string }[];
}

export async function startFakeBlockfrost(): Promise<FakeBlockfrost> {
  const txs = new Map<string, FakeTx>();
  const txsByAddress = new Map<string, FakeTx[]>();
  const stakeKeyOf = new Map<string, string | null>();
  let tip = 4_000_000;
  let windowStart = 0;
  let windowCount = 0;

  const fake: FakeBlockfrost = {
    url: '',
    failWith: undefined,
    delayMs: 0,
    requests: 0,
    requestsByKind: {},
    peakRequestsPerSecond: 0,
    submitted: [],
    lookupsBeforeBlock: 1,
    send(address, outputs, options = {}) {
      const list = txsByAddress.get(address) ?? [];
      if (!stakeKeyOf.has(address)) stakeKeyOf.set(address, stakeKeyHashOf(address));
      const hashes: string[] = [];
      for (const output of outputs) {
        const tx: FakeTx = {
          hash: randomHex(32),
          block: randomHex(32),
          height: tip - output.confirmations,
          time: Math.floor((options.blockTime?.getTime() ?? Date.now()) / 1000),
          sender: options.sender ?? FAKE_SENDER_ADDRESS,
          fee: options.feeLovelace ?? '170000',
          address,
          amount:
            output.unit === 'lovelace'
              ? [{ unit: 'lovelace', quantity: output.quantity }]
              : [
                  { unit: 'lovelace', quantity: '1444443' },
                  { unit: output.unit, quantity: output.quantity },
                ],
        };
        txs.set(tx.hash, tx);
        list.push(tx);
        hashes.push(tx.hash);
      }
      txsByAddress.set(address, list);
      return hashes;
    },
    setConfirmations(address, confirmations) {
      for (const tx of txsByAddress.get(address) ?? []) tip = Math.max(tip, tx.height + confirmations);
    },
    close: async () => closeServer(server),
  };

  const utxoOf = (tx: FakeTx) => ({
    address: tx.address,
    tx_hash: tx.hash,
    tx_index: 0,
    output_index: 0,
    amount: tx.amount,
    block: tx.block,
    data_hash: null,
    inline_datum: null,
    reference_script_hash: null,
  });
  const page = <T>(list: T[], url: URL) => {
    const number = Number(url.searchParams.get('page') ?? 1);
    const count = Math.min(100, Number(url.searchParams.get('count') ?? 100));
    const ordered = url.searchParams.get('order') === 'desc' ? [...list].reverse() : list;
    return ordered.slice((number - 1) * count, number * count);
  };
  const count = (kind: string) => {
    fake.requestsByKind[kind] = (fake.requestsByKind[kind] ?? 0) + 1;
  };
  const notFound = (res: ServerResponse) => json(res, 404, { status_code: 404, ...ERRORS[404]! });
  const spentInputs = new Set<string>();
  /** Submitted, not yet in a block: the lookups left before one holds it. */
  const mempool = new Map<string, { tx: FakeTx; lookupsLeft: number }>();

  /** POST /tx/submit: the node's checks that matter here (decodes, inputs unspent), then the mempool. */
  const submit = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    count('submit');
    const contentType = req.headers['content-type'];
    if (contentType !== 'application/cbor') {
      return json(res, 400, { status_code: 400, error: 'Bad Request', message: 'Invalid Content-Type' });
    }
    let parsed: FixedTransaction;
    try {
      parsed = FixedTransaction.from_bytes(body);
    } catch {
      return json(res, 400, {
        status_code: 400,
        error: 'Bad Request',
        message: '"transaction read error RawCborDecodeError"',
      });
    }
    const hash = parsed.transaction_hash().to_hex();
    const inputs = parsed.body().inputs();
    const keys: string[] = [];
    for (let i = 0; i < inputs.len(); i += 1) {
      const input = inputs.get(i);
      keys.push(`${input.transaction_id().to_hex()}#${input.index()}`);
    }
    if (keys.some((key) => spentInputs.has(key))) {
      return json(res, 400, {
        status_code: 400,
        error: 'Bad Request',
        message:
          '"transaction submit error ShelleyTxValidationError ShelleyBasedEraConway (ApplyTxError (ConwayUtxowFailure (UtxoFailure (BadInputsUTxO (fromList [...])))))"',
      });
    }
    for (const key of keys) spentInputs.add(key);
    const output = parsed.body().outputs().get(0);
    const value = output.amount();
    const amount = [{ unit: 'lovelace', quantity: value.coin().to_str() }];
    const assets = value.multiasset();
    const policies = assets?.keys();
    for (let p = 0; assets && policies && p < policies.len(); p += 1) {
      const policy = policies.get(p);
      const names = assets.get(policy)!.keys();
      for (let n = 0; n < names.len(); n += 1) {
        const name = names.get(n);
        amount.push({
          unit: `${policy.to_hex()}${Buffer.from(name.name()).toString('hex')}`,
          quantity: assets.get_asset(policy, name).to_str(),
        });
      }
    }
    mempool.set(hash, {
      tx: {
        hash,
        block: randomHex(32),
        height: 0,
        time: 0,
        sender: FAKE_SENDER_ADDRESS,
        // The fee the signed body declares is the one the ledger charges (no scripts here).
        fee: parsed.body().fee().to_str(),
        address: output.address().to_bech32(),
        amount,
      },
      lookupsLeft: fake.lookupsBeforeBlock,
    });
    fake.submitted.push({ txHash: hash, contentType });
    parsed.free();
    return json(res, 200, hash);
  };
  /** A looked-up transaction still in the mempool: 404 until its lookups are used up, then mined. */
  const mineOnLookup = (hash: string) => {
    const waiting = mempool.get(hash);
    if (!waiting) return;
    if (waiting.lookupsLeft > 0) {
      waiting.lookupsLeft -= 1;
      return;
    }
    mempool.delete(hash);
    tip += 1;
    const tx = { ...waiting.tx, height: tip, time: Math.floor(Date.now() / 1000) };
    txs.set(hash, tx);
    txsByAddress.set(tx.address, [...(txsByAddress.get(tx.address) ?? []), tx]);
    if (!stakeKeyOf.has(tx.address)) stakeKeyOf.set(tx.address, stakeKeyHashOf(tx.address));
  };

  const { server, url } = await listen((req, res) => {
    fake.requests += 1;
    const second = Math.floor(Date.now() / 1000);
    if (second !== windowStart) {
      windowStart = second;
      windowCount = 0;
    }
    windowCount += 1;
    fake.peakRequestsPerSecond = Math.max(fake.peakRequestsPerSecond, windowCount);
    const answer = () => {
      const path = new URL(req.url ?? '/', 'http://x');
      const status = fake.failWith;
      if (status) return json(res, status, { status_code: status, ...(ERRORS[status] ?? ERRORS[500]!) });
      let match = /^\/accounts\/([^/]+)\/utxos$/.exec(path.pathname);
      if (match) {
        count('account-utxos');
        const stakeKey = stakeKeyHashOf(decodeURIComponent(match[1]!));
        const list: FakeTx[] = [];
        for (const [address, sent] of txsByAddress)
          if (stakeKey && stakeKeyOf.get(address) === stakeKey) list.push(...sent);
        // Like the real index: an account nothing was ever sent to is unknown.
        if (list.length === 0) return notFound(res);
        return json(res, 200, page(list, path).map(utxoOf));
      }
      match = /^\/addresses\/([^/]+)\/utxos$/.exec(path.pathname);
      if (match) {
        count('address-utxos');
        const list = txsByAddress.get(decodeURIComponent(match[1]!));
        if (!list) return notFound(res);
        return json(res, 200, page(list, path).map(utxoOf));
      }
      match = /^\/txs\/([0-9a-f]{64})(\/utxos)?$/.exec(path.pathname);
      if (match) {
        mineOnLookup(match[1]!);
        const tx = txs.get(match[1]!);
        count(match[2] ? 'tx-utxos' : 'tx');
        if (!tx) return notFound(res);
        if (match[2]) {
          return json(res, 200, {
            hash: tx.hash,
            inputs: [
              {
                address: tx.sender,
                amount: [{ unit: 'lovelace', quantity: '500000000' }],
                tx_hash: randomHex(32),
                output_index: 0,
                data_hash: null,
                inline_datum: null,
                reference_script_hash: null,
                collateral: false,
                reference: false,
              },
            ],
            outputs: [
              {
                address: tx.address,
                amount: tx.amount,
                output_index: 0,
                data_hash: null,
                inline_datum: null,
                collateral: false,
                reference_script_hash: null,
                consumed_by_tx: null,
              },
            ],
          });
        }
        return json(res, 200, {
          hash: tx.hash,
          block: tx.block,
          block_height: tx.height,
          block_time: tx.time,
          slot: 100_000_000 + tx.height,
          index: 0,
          output_amount: tx.amount,
          fees: tx.fee,
          deposit: '0',
          size: 300,
          invalid_before: null,
          invalid_hereafter: null,
          utxo_count: 2,
          withdrawal_count: 0,
          mir_cert_count: 0,
          delegation_count: 0,
          stake_cert_count: 0,
          pool_update_count: 0,
          pool_retire_count: 0,
          asset_mint_or_burn_count: 0,
          redeemer_count: 0,
          valid_contract: true,
          treasury_donation: '0',
        });
      }
      if (path.pathname === '/blocks/latest') {
        count('tip');
        return json(res, 200, blockContent(randomHex(32), tip, 0));
      }
      match = /^\/blocks\/([0-9a-f]{64})$/.exec(path.pathname);
      if (match) {
        count('block');
        const tx = [...txs.values()].find((t) => t.block === match![1]);
        if (!tx) return notFound(res);
        return json(res, 200, blockContent(tx.block, tx.height, tip - tx.height));
      }
      return notFound(res);
    };
    const respond = () => {
      if (req.method === 'POST' && new URL(req.url ?? '/', 'http://x').pathname === '/tx/submit') {
        if (fake.failWith)
          return json(res, fake.failWith, {
            status_code: fake.failWith,
            ...(ERRORS[fake.failWith] ?? ERRORS[500]!),
          });
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => submit(req, res, Buffer.concat(chunks)));
        return;
      }
      answer();
    };
    if (fake.delayMs > 0) setTimeout(respond, fake.delayMs);
    else respond();
  });
  fake.url = url;
  return fake;
}

function blockContent(hash: string, height: number, confirmations: number) {
  return {
    time: Math.floor(Date.now() / 1000),
    height,
    hash,
    slot: 100_000_000 + height,
    epoch: 500,
    epoch_slot: 1234,
    slot_leader: 'pool1fakeleader',
    size: 1024,
    tx_count: 1,
    output: '1000000',
    fees: '170000',
    block_vrf: 'vrf_vk1fake',
    op_cert: null,
    op_cert_counter: null,
    previous_block: null,
    next_block: null,
    confirmations,
  };
}

export interface FakeCoinGecko {
  url: string;
  adaUsd: number;
  requests: number;
  lastApiKey: string | undefined;
  failWith: number | undefined;
  close(): Promise<void>;
}

export async function startFakeCoinGecko(adaUsd: number): Promise<FakeCoinGecko> {
  const fake: FakeCoinGecko = {
    url: '',
    adaUsd,
    requests: 0,
    lastApiKey: undefined,
    failWith: undefined,
    close: async () => closeServer(server),
  };
  const { server, url } = await listen((req, res) => {
    fake.requests += 1;
    fake.lastApiKey = (req.headers['x-cg-demo-api-key'] ?? req.headers['x-cg-pro-api-key']) as
      | string
      | undefined;
    const path = new URL(req.url ?? '/', 'http://x');
    if (fake.failWith)
      return json(res, fake.failWith, { status: { error_code: fake.failWith, error_message: 'failure' } });
    if (path.pathname === '/simple/price' && path.searchParams.get('ids') === 'cardano') {
      return json(res, 200, { cardano: { usd: fake.adaUsd } });
    }
    return json(res, 404, { error: 'Not Found' });
  });
  fake.url = url;
  return fake;
}
