import Coingecko from '@coingecko/coingecko-typescript';

// The USD price of one ADA for quotes. Live: CoinGecko's official SDK, cached ~60 s so a burst
// of checkouts costs one call. Sandbox: a fixed price, labelled as such wherever it is shown.

export interface AdaPriceQuote {
  usd: number;
  sandbox: boolean;
}

export interface AdaPriceSource {
  adaUsd(): Promise<AdaPriceQuote>;
}

export class PriceUnavailableError extends Error {}

export const SANDBOX_ADA_USD = 0.5;
const CACHE_MS = 60_000;

export class CoinGeckoPriceSource implements AdaPriceSource {
  private readonly client: Coingecko;
  private cached: { usd: number; at: number } | undefined;
  private inFlight: Promise<number> | undefined;

  constructor(
    options: {
      apiKey: string;
      plan: 'demo' | 'pro';
      baseUrl?: string | undefined;
      /** Shared CoinGecko budget: a quote is paid work and goes ahead of asset search. */
      fetch?: typeof fetch | undefined;
    },
    private readonly now: () => number = Date.now,
  ) {
    const key = options.plan === 'pro' ? { proAPIKey: options.apiKey } : { demoAPIKey: options.apiKey };
    this.client = new Coingecko({
      ...key,
      // The SDK refuses a base URL together with an environment; its default environment is pro.
      ...(options.baseUrl ? { baseURL: options.baseUrl } : { baseURL: null, environment: options.plan }),
      maxRetries: 1,
      timeout: 10_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  async adaUsd(): Promise<AdaPriceQuote> {
    if (this.cached && this.now() - this.cached.at < CACHE_MS)
      return { usd: this.cached.usd, sandbox: false };
    this.inFlight ??= this.fetchPrice().finally(() => {
      this.inFlight = undefined;
    });
    return { usd: await this.inFlight, sandbox: false };
  }

  private async fetchPrice(): Promise<number> {
    let usd: number | undefined;
    try {
      const prices = await this.client.simple.price.get({ ids: 'cardano', vs_currencies: 'usd' });
      usd = prices.cardano?.usd;
    } catch (error) {
      throw new PriceUnavailableError(
        `ADA price lookup failed: ${error instanceof Error ? error.message : error}`,
      );
    }
    if (typeof usd !== 'number' || !Number.isFinite(usd) || usd <= 0) {
      throw new PriceUnavailableError('ADA price lookup returned no usable price');
    }
    this.cached = { usd, at: this.now() };
    return usd;
  }
}

export class SandboxPriceSource implements AdaPriceSource {
  async adaUsd(): Promise<AdaPriceQuote> {
    return { usd: SANDBOX_ADA_USD, sandbox: true };
  }
}
