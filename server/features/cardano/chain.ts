import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Blockfrost from '@blockfrost/blockfrost-js';
import type { DbExecutor } from '../../db/client';
import {
  findSandboxOutput,
  insertSandboxOutput,
  listSandboxOutputs,
  sandboxTipHeight,
} from './sandbox-repository';

// What the watcher needs from the chain. Every receive address shares the account's stake key,
// so one paged query on the stake account lists what sits at all of them; only transactions not
// seen before cost one more look each (block height and time, sender). Live: Blockfrost's
// official SDK. Sandbox: a ledger table in PostgreSQL, shared by every process.

export interface ChainOutput {
  txHash: string;
  address: string;
  amount: { unit: string; quantity: string }[];
}

export interface ChainTransaction {
  blockHeight: number;
  blockTime: Date;
  /** The first input's address: where a refund would go. */
  senderAddress: string | null;
  /** The fee the transaction paid (its sender's, in lovelace); null on the sandbox chain, which has none. */
  feeLovelace: string | null;
}

export interface ChainClient {
  readonly kind: 'blockfrost' | 'sandbox';
  /** Chain requests one `transaction()` look costs (the watcher's per-cycle budget counts them). */
  readonly requestsPerTransaction: number;
  /** Height of the newest block. */
  tipHeight(): Promise<number>;
  /** Unspent outputs at every address of the stake account, with the requests it took. */
  accountOutputs(stakeAddress: string): Promise<{ outputs: ChainOutput[]; requests: number }>;
  transaction(txHash: string): Promise<ChainTransaction>;
}

/** Thrown for answers the watcher should retry on its next cycle (429, 5xx, timeouts). */
export class ChainUnavailableError extends Error {}

export interface BlockfrostChainOptions {
  projectId?: string | undefined;
  /** Full API base (e.g. a fake server on 127.0.0.1); otherwise the network's public endpoint. */
  baseUrl?: string | undefined;
  network: 'mainnet' | 'preprod';
  /** Client-side request budget (the SDK's limiter): burst size, refill per interval. */
  rateLimit?: { size: number; increaseInterval: number; increaseAmount: number } | false;
  requestTimeoutMs?: number;
}

/** Blockfrost pages hold at most 100 items. */
// Loaded on first use: the sandbox chain never needs the Blockfrost SDK, and loading it costs
// about a quarter of a second of every start-up.
let blockfrost: typeof Blockfrost | undefined;
const blockfrostSdk = () =>
  (blockfrost ??= createRequire(import.meta.url)('@blockfrost/blockfrost-js') as typeof Blockfrost);

const PAGE_SIZE = 100;

export class BlockfrostChain implements ChainClient {
  readonly kind = 'blockfrost' as const;
  readonly requestsPerTransaction = 2;
  private readonly api: Blockfrost.BlockFrostAPI;

  constructor(options: BlockfrostChainOptions) {
    this.api = new (blockfrostSdk().BlockFrostAPI)({
      ...(options.baseUrl
        ? { customBackend: options.baseUrl, projectId: options.projectId }
        : { projectId: options.projectId ?? '', network: options.network }),
      rateLimiter: options.rateLimit ?? true,
      requestTimeout: options.requestTimeoutMs ?? 10_000,
      // One quick retry; anything longer waits for the next watcher cycle instead of stalling this one.
      retrySettings: {
        limit: 1,
        methods: ['GET'],
        statusCodes: [408, 429, 500, 502, 503, 504],
        errorCodes: ['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN'],
        calculateDelay: ({ computedValue }) => (computedValue !== 0 ? 250 : 0),
        maxRetryAfter: undefined,
      },
    });
  }

  async tipHeight(): Promise<number> {
    try {
      const block = await this.api.blocksLatest();
      return block.height ?? 0;
    } catch (error) {
      throw asChainError(error);
    }
  }

  async accountOutputs(stakeAddress: string): Promise<{ outputs: ChainOutput[]; requests: number }> {
    const outputs: ChainOutput[] = [];
    let requests = 0;
    // Page by page (not the SDK's batched "all"), so the request count is exactly the pages needed.
    for (let page = 1; ; page += 1) {
      let items: Awaited<ReturnType<Blockfrost.BlockFrostAPI['accountsUtxos']>>;
      try {
        requests += 1;
        items = await this.api.accountsUtxos(stakeAddress, { page, count: PAGE_SIZE, order: 'asc' });
      } catch (error) {
        // A stake account nothing was ever sent to is unknown to the chain index: nothing has arrived.
        if (error instanceof blockfrostSdk().BlockfrostServerError && error.status_code === 404) break;
        throw asChainError(error);
      }
      for (const item of items) {
        outputs.push({ txHash: item.tx_hash, address: item.address, amount: item.amount });
      }
      if (items.length < PAGE_SIZE) break;
    }
    return { outputs, requests };
  }

  /**
   * Submits a signed transaction through POST /tx/submit (CBOR): its hash, or `refused` with the
   * node's reason when the ledger rejects it (Blockfrost answers 400 then). The SDK never retries
   * a POST, so a transaction is sent once per call.
   */
  async submitTransaction(cbor: Uint8Array): Promise<{ txHash: string } | { refused: string }> {
    try {
      return { txHash: await this.api.txSubmit(cbor) };
    } catch (error) {
      if (error instanceof blockfrostSdk().BlockfrostServerError && error.status_code === 400)
        return { refused: error.message };
      throw asChainError(error);
    }
  }

  /** The block height holding the transaction and the fee it paid, or null while no block does (404). */
  async inBlock(txHash: string): Promise<{ blockHeight: number; feeLovelace: string } | null> {
    try {
      const tx = await this.api.txs(txHash);
      return { blockHeight: tx.block_height, feeLovelace: tx.fees };
    } catch (error) {
      if (error instanceof blockfrostSdk().BlockfrostServerError && error.status_code === 404) return null;
      throw asChainError(error);
    }
  }

  async transaction(txHash: string): Promise<ChainTransaction> {
    try {
      const [tx, utxos] = await Promise.all([this.api.txs(txHash), this.api.txsUtxos(txHash)]);
      const sender = utxos.inputs.find((input) => !input.collateral && !input.reference) ?? utxos.inputs[0];
      return {
        blockHeight: tx.block_height,
        blockTime: new Date(tx.block_time * 1000),
        senderAddress: sender?.address ?? null,
        feeLovelace: tx.fees,
      };
    } catch (error) {
      throw asChainError(error);
    }
  }
}

function asChainError(error: unknown): ChainUnavailableError {
  if (error instanceof blockfrostSdk().BlockfrostServerError) {
    return new ChainUnavailableError(`chain API answered ${error.status_code}: ${error.message}`);
  }
  return new ChainUnavailableError(
    `chain API unreachable: ${error instanceof Error ? error.message : error}`,
  );
}

/** The simulated buyer wallet every sandbox payment comes from (preprod, never real money). */
export const SANDBOX_SENDER_ADDRESS = 'addr_test1vqjhzsk56euudsj6cjf8av3q4ph6q0stqlqy6scsjc0vnmqhclw5u';

/**
 * Sandbox: funds exist only when the "Simulate incoming payment" control credits them. The ledger
 * is a table, so a payment simulated on one web process is seen by a worker in another.
 * Every simulated output is its own block (the row id is its height); the sandbox needs no depth.
 */
export class SandboxChain implements ChainClient {
  readonly kind = 'sandbox' as const;
  readonly requestsPerTransaction = 0;

  constructor(private readonly db: DbExecutor) {}

  async credit(address: string, unit: string, quantity: bigint): Promise<string> {
    const txHash = randomBytes(32).toString('hex');
    await insertSandboxOutput(this.db, {
      txHash,
      address,
      unit,
      quantity: quantity.toString(),
      senderAddress: SANDBOX_SENDER_ADDRESS,
    });
    return txHash;
  }

  async tipHeight(): Promise<number> {
    return sandboxTipHeight(this.db);
  }

  async accountOutputs(): Promise<{ outputs: ChainOutput[]; requests: number }> {
    const rows = await listSandboxOutputs(this.db);
    return {
      outputs: rows.map((row) => ({
        txHash: row.txHash,
        address: row.address,
        amount: [{ unit: row.unit, quantity: row.quantity }],
      })),
      requests: 0,
    };
  }

  async transaction(txHash: string): Promise<ChainTransaction> {
    const row = await findSandboxOutput(this.db, txHash);
    if (!row) throw new ChainUnavailableError(`sandbox transaction ${txHash} not found`);
    return {
      blockHeight: row.id,
      blockTime: row.blockTime,
      senderAddress: row.senderAddress,
      feeLovelace: null,
    };
  }
}
