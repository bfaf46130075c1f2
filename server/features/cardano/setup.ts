import type { Config } from '../../config';
import type { DbExecutor } from '../../db/client';
import { coingeckoQuotaFromConfig } from '../../research/sources/live';
import { BlockfrostChain, type ChainClient, SandboxChain } from './chain';
import { AddressDeriver, SANDBOX_ACCOUNT_XPUB } from './derivation';
import { type AdaPriceSource, CoinGeckoPriceSource, SandboxPriceSource } from './price';

// One Cardano setup per process: which chain and price source run, decided from configuration.
// Built once at start-up (server/providers.ts); routes and jobs read it from ctx.payments.cardano
// (the sandbox ledger lives in the database).

export type CardanoMode = 'blockfrost' | 'sandbox' | 'unavailable';

export interface CardanoSetup {
  mode: CardanoMode;
  network: 'mainnet' | 'preprod';
  deriver: AddressDeriver | undefined;
  /** The stake address every receive address shares (what the watcher queries). */
  stakeAddress: string;
  chain: ChainClient | undefined;
  prices: AdaPriceSource | undefined;
  confirmations: number;
  crowPolicyId: string;
  crowAssetNameHex: string;
}

export function cardanoModeOf(config: Config): CardanoMode {
  return config.payments.cardano === 'live' ? 'blockfrost' : config.payments.cardano;
}

export function createCardanoSetup(config: Config, db: DbExecutor): CardanoSetup {
  const mode = cardanoModeOf(config);
  const crow = {
    crowPolicyId: config.CROW_POLICY_ID.toLowerCase(),
    crowAssetNameHex: Buffer.from(config.CROW_ASSET_NAME, 'utf8').toString('hex'),
  };
  const prices: AdaPriceSource | undefined = config.COINGECKO_API_KEY
    ? new CoinGeckoPriceSource({
        apiKey: config.COINGECKO_API_KEY,
        plan: config.COINGECKO_PLAN,
        baseUrl: config.COINGECKO_BASE_URL,
        fetch: coingeckoQuotaFromConfig(config).fetchFor('paid'),
      })
    : mode === 'sandbox'
      ? new SandboxPriceSource()
      : undefined;
  if (mode === 'blockfrost') {
    const deriver = new AddressDeriver(config.CARDANO_ACCOUNT_XPUB!, config.CARDANO_NETWORK);
    return {
      mode,
      network: config.CARDANO_NETWORK,
      deriver,
      stakeAddress: deriver.stakeAddress(),
      chain: new BlockfrostChain({
        projectId: config.BLOCKFROST_PROJECT_ID,
        baseUrl: config.BLOCKFROST_URL,
        network: config.CARDANO_NETWORK,
      }),
      prices,
      confirmations: config.CARDANO_CONFIRMATIONS,
      ...crow,
    };
  }
  if (mode === 'sandbox') {
    // The sandbox always runs on preprod with the library's public test key: never real money.
    const deriver = new AddressDeriver(SANDBOX_ACCOUNT_XPUB, 'preprod');
    return {
      mode,
      network: 'preprod',
      deriver,
      stakeAddress: deriver.stakeAddress(),
      chain: new SandboxChain(db),
      prices,
      confirmations: 0,
      ...crow,
    };
  }
  return {
    mode,
    network: config.CARDANO_NETWORK,
    deriver: undefined,
    stakeAddress: '',
    chain: undefined,
    prices,
    confirmations: config.CARDANO_CONFIRMATIONS,
    ...crow,
  };
}
