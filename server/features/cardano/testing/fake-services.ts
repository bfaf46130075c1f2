import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Small stand-ins for Blockfrost and CoinGecko on 127.0.0.1 that answer in the real wire
// formats, so tests and the benchmark drive the official SDKs end to end.

export interface FakeUtxo {
  unit: string;
  quantity: string;
  confirmations: number;
}

export interface FakeBlockfrost {
  url: string;
  /** Adds an output at the address (in a fresh block with the given depth). */
  send(address: string, outputs: FakeUtxo[]): void;
  setConfirmations(address: string, confirmations: number): void;
  /** While set, every request answers this status (429 rate limit, 5xx outage). */
  failWith: number | undefined;
  /** Artificial latency per request. */
  delayMs: number;
  requests: number;
  /** Most requests seen within any one second. */
  peakRequestsPerSecond: number;
  close(): Promise<void>;
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

export async function startFakeBlockfrost(): Promise<FakeBlockfrost> {
  const utxosByAddress = new Map<string, Array<Record<string, unknown>>>();
  const blocks = new Map<string, { height: number; confirmations: number; address: string }>();
  let height = 4_000_000;
  let windowStart = 0;
  let windowCount = 0;

  const fake: FakeBlockfrost = {
    url: '',
    failWith: undefined,
    delayMs: 0,
    requests: 0,
    peakRequestsPerSecond: 0,
    send(address, outputs) {
      const list = utxosByAddress.get(address) ?? [];
      for (const output of outputs) {
        height += 1;
        const block = randomHex(32);
        blocks.set(block, { height, confirmations: output.confirmations, address });
        list.push({
          address,
          tx_hash: randomHex(32),
          tx_index: 0,
          output_index: 0,
          amount:
            output.unit === 'lovelace'
              ? [{ unit: 'lovelace', quantity: output.quantity }]
              : [
                  { unit: 'lovelace', quantity: '1444443' },
                  { unit: output.unit, quantity: output.quantity },
                ],
          block,
          data_hash: null,
          inline_datum: null,
          reference_script_hash: null,
        });
      }
      utxosByAddress.set(address, list);
    },
    setConfirmations(address, confirmations) {
      for (const block of blocks.values()) if (block.address === address) block.confirmations = confirmations;
    },
    close: async () => closeServer(server),
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
      const utxoMatch = /^\/addresses\/([^/]+)\/utxos$/.exec(path.pathname);
      if (utxoMatch) {
        const list = utxosByAddress.get(decodeURIComponent(utxoMatch[1]!));
        if (!list) return json(res, 404, { status_code: 404, ...ERRORS[404]! });
        const page = Number(path.searchParams.get('page') ?? 1);
        const count = Number(path.searchParams.get('count') ?? 100);
        return json(res, 200, list.slice((page - 1) * count, page * count));
      }
      const blockMatch = /^\/blocks\/([0-9a-f]{64})$/.exec(path.pathname);
      if (blockMatch) {
        const block = blocks.get(blockMatch[1]!);
        if (!block) return json(res, 404, { status_code: 404, ...ERRORS[404]! });
        return json(res, 200, {
          time: 1_763_000_000,
          height: block.height,
          hash: blockMatch[1],
          slot: 100_000_000 + block.height,
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
          confirmations: block.confirmations,
        });
      }
      return json(res, 404, { status_code: 404, ...ERRORS[404]! });
    };
    if (fake.delayMs > 0) setTimeout(answer, fake.delayMs);
    else answer();
  });
  fake.url = url;
  return fake;
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
