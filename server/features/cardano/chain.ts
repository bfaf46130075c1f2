import { BlockFrostAPI, BlockfrostServerError } from '@blockfrost/blockfrost-js';

// What the watcher needs from the chain: how much of one unit sits at an address, and how much
// of that is buried deep enough. Live: Blockfrost's official SDK. Sandbox: an in-memory ledger.

export interface ReceivedFunds {
  /** Everything seen at the address, in base units (lovelace or token units). */
  total: bigint;
  /** The part in blocks with at least the required number of confirmations. */
  confirmed: bigint;
}

export interface ChainClient {
  readonly kind: 'blockfrost' | 'sandbox';
  /** `unit` is 'lovelace' or policy id + hex asset name; other assets are ignored. */
  receivedAt(address: string, unit: string, minConfirmations: number): Promise<ReceivedFunds>;
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

export class BlockfrostChain implements ChainClient {
  readonly kind = 'blockfrost' as const;
  private readonly api: BlockFrostAPI;
  /** Blocks already known to be deep enough (depth only grows; a rollback drops the UTxO itself). */
  private readonly deepBlocks = new Map<string, number>();

  constructor(options: BlockfrostChainOptions) {
    this.api = new BlockFrostAPI({
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

  async receivedAt(address: string, unit: string, minConfirmations: number): Promise<ReceivedFunds> {
    let utxos: Awaited<ReturnType<BlockFrostAPI['addressesUtxosAll']>>;
    try {
      utxos = await this.api.addressesUtxosAll(address, { batchSize: 1 });
    } catch (error) {
      // A never-used address is unknown to the chain index: nothing has arrived.
      if (error instanceof BlockfrostServerError && error.status_code === 404) {
        return { total: 0n, confirmed: 0n };
      }
      throw asChainError(error);
    }
    let total = 0n;
    let confirmed = 0n;
    for (const utxo of utxos) {
      let quantity = 0n;
      for (const amount of utxo.amount) {
        if (amount.unit === unit) quantity += BigInt(amount.quantity);
      }
      if (quantity === 0n) continue;
      total += quantity;
      if (await this.isDeepEnough(utxo.block, minConfirmations)) confirmed += quantity;
    }
    return { total, confirmed };
  }

  private async isDeepEnough(blockHash: string, minConfirmations: number): Promise<boolean> {
    if (minConfirmations <= 0) return true;
    if ((this.deepBlocks.get(blockHash) ?? -1) >= minConfirmations) return true;
    try {
      const block = await this.api.blocks(blockHash);
      if (block.confirmations >= minConfirmations) {
        if (this.deepBlocks.size > 10_000) this.deepBlocks.clear();
        this.deepBlocks.set(blockHash, block.confirmations);
        return true;
      }
      return false;
    } catch (error) {
      throw asChainError(error);
    }
  }
}

function asChainError(error: unknown): ChainUnavailableError {
  if (error instanceof BlockfrostServerError) {
    return new ChainUnavailableError(`chain API answered ${error.status_code}: ${error.message}`);
  }
  return new ChainUnavailableError(
    `chain API unreachable: ${error instanceof Error ? error.message : error}`,
  );
}

/** Sandbox: funds exist only when the "Simulate incoming payment" control credits them. */
export class SandboxChain implements ChainClient {
  readonly kind = 'sandbox' as const;
  private readonly ledger = new Map<string, bigint>();

  credit(address: string, unit: string, quantity: bigint): void {
    const key = `${address}#${unit}`;
    this.ledger.set(key, (this.ledger.get(key) ?? 0n) + quantity);
  }

  async receivedAt(address: string, unit: string): Promise<ReceivedFunds> {
    const quantity = this.ledger.get(`${address}#${unit}`) ?? 0n;
    return { total: quantity, confirmed: quantity };
  }
}
