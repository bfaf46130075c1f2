import { isIP } from 'node:net';
import { z } from 'zod';
import type { PaymentMode } from '../contract/site';
import { isLoopbackAddress } from './http/loopback';

// Every setting the product reads, parsed once at start-up. A bad value stops the process
// with one readable line naming the variable (see loadConfig).

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalUrl = optionalString.pipe(z.url().optional());
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const perWindow = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** The policy id shipped as an example; a live Cardano store must name its own token. */
export const PLACEHOLDER_CROW_POLICY_ID = '0d8a4c9f6b1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c';

/** Proxy hops or proxy addresses to trust for X-Forwarded-For; never "trust everyone". */
export type TrustProxy = false | number | string[];

const isProxyAddress = (entry: string) => {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((value, context): TrustProxy => {
    if (!value || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

/** A host name or IP address an operator lists (no scheme, port or path). */
const HOST_NAME =
  /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])$/i;
const allowedHostsSetting = z
  .string()
  .optional()
  .transform((value, context): string[] => {
    const entries = (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.find((entry) => !HOST_NAME.test(entry) && isIP(entry) !== 6);
    if (wrong === undefined) return entries;
    context.addIssue({
      code: 'custom',
      message: `"${wrong}" is not a host name: list names or addresses only, comma-separated (e.g. shop.example,10.0.0.7)`,
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** `all` runs web and worker in one process; production runs them separately. */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** Interface to listen on. Default: 127.0.0.1 for the zero-config demo, 0.0.0.0 with DATABASE_URL. */
  HOST: optionalString,
  PORT: z.coerce.number().int().min(1).max(65_535).default(5000),
  /** Public address used in canonical URLs, sitemap and emails; defaults to the request's host. */
  PUBLIC_URL: optionalUrl,
  /**
   * More names this server answers to, besides localhost, 127.0.0.1, [::1], PUBLIC_URL's host and
   * HOST; any other Host gets 421 (DNS rebinding, decision 0230).
   */
  ALLOWED_HOSTS: allowedHostsSetting,
  /** Prometheus metrics on their own port; unset = no metrics server (never on PORT). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Interface of the metrics port: this computer only unless the operator widens it. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /**
   * The client's source maps (its readable source) are served only when chosen; the build always
   * writes them beside the scripts, unreferenced, for an error tracker.
   */
  SERVE_SOURCE_MAPS: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65_535).default(5433),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),

  APP_NAME: z.string().min(1).default('Crow Research'),
  SUPPORT_EMAIL: z.email().default('support@crowresearch.example'),
  PRIVACY_EMAIL: z.email().default('privacy@crowresearch.example'),
  ADMIN_EMAIL: z.email().default('admin@crowresearch.example'),
  ADMIN_USERNAME: z.string().default('admin'),
  /** Fixed first password for the demo admin (browser tests); refused in production. */
  ADMIN_INITIAL_PASSWORD: optionalString,
  COOKIE_POLICY_UPDATED: z.iso.date().default('2026-11-22'),

  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Off by default: X-Forwarded-For is honoured only from these proxies (see README, Production). */
  TRUST_PROXY: trustProxySetting,
  /** Shared rate-limit counters for several web processes; unset = each process counts alone. */
  REDIS_URL: optionalString.pipe(
    z.url().startsWith('redis', 'must be a redis:// or rediss:// URL').optional(),
  ),

  // Rate limits (server/http/rate-limits.ts). Per address unless noted.
  /** Login and registration attempts per address and minute (each route counts separately). */
  AUTH_RATE_LIMIT_PER_MINUTE: perWindow(10),
  /** Login attempts per account (email) in LOGIN_ACCOUNT_WINDOW_MINUTES, from any address. */
  LOGIN_ACCOUNT_RATE_LIMIT: perWindow(10),
  LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  /** Password-reset requests per address and hour. */
  FORGOT_PASSWORD_RATE_LIMIT_PER_HOUR: perWindow(10),
  FORGOT_PASSWORD_EMAIL_RATE_LIMIT_PER_HOUR: perWindow(3),
  /** Card payment intents per user and minute. */
  PAYMENT_RATE_LIMIT_PER_MINUTE: perWindow(30),
  /** Card payment confirmations per user and minute (each one asks the provider). */
  CONFIRM_PAYMENT_RATE_LIMIT_PER_MINUTE: perWindow(20),
  /** Cardano payments created per user and minute. */
  CARDANO_CREATE_RATE_LIMIT_PER_MINUTE: perWindow(20),
  /** Asset searches per minute: per address when signed out, per user when signed in. */
  ASSET_SEARCH_RATE_LIMIT_PER_MINUTE: perWindow(60),
  /** Bug reports per user and hour. */
  BUG_REPORT_RATE_LIMIT_PER_HOUR: perWindow(10),
  /** Requests per API key and minute on /api/v1 (decision 0281). */
  API_RATE_LIMIT_PER_MINUTE: perWindow(60),
  /**
   * Failed API key authentications per client address and minute; beyond it every /api/v1 call
   * from the address answers 429 before its key is looked up (issue 47).
   */
  API_AUTH_FAILURES_PER_MINUTE: perWindow(20),
  /** How long a key replaced by rotation keeps working. */
  API_KEY_ROTATION_GRACE_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** A prepaid API credit pack: how many new reports it buys, and its price (decision 0283). */
  API_CREDIT_PACK_CREDITS: z.coerce.number().int().min(1).max(1000).default(10),
  API_CREDIT_PACK_PRICE_USD: z.coerce.number().min(0.5).max(10_000).default(39.9),
  /** Open report event streams per user; more are answered with 429. */
  REPORT_EVENT_STREAMS_PER_USER: perWindow(3),
  /** The whole request (headers and body) must arrive within this; a slow sender is cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** A connection silent this long is closed (event streams send a heartbeat every 15 s). */
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Webhook endpoints on plain http or at private, loopback or other non-public addresses, for
   * trying a local receiver. Valid only while HOST is a loopback address; refused in production.
   */
  WEBHOOK_ALLOW_PRIVATE: bool,
  /** Webhook deliveries in flight at once in one worker process (each endpoint gets at most one). */
  WEBHOOK_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /**
   * Sandbox payment methods outside the zero-config demo (embedded database, no payment keys),
   * where they are on by default. Refused in production. `false` turns them off in the demo too.
   */
  ENABLE_SANDBOX: z.enum(['true', 'false', '1', '0', '']).optional(),

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Only for tests against a local fake Stripe server, e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: optionalUrl,

  /** Default: mainnet in production, preprod elsewhere. */
  CARDANO_NETWORK: z.enum(['mainnet', 'preprod']).optional(),
  /** Lets production run Cardano on a test network (a staging deployment). */
  CARDANO_ALLOW_TESTNET: bool,
  CARDANO_ACCOUNT_XPUB: optionalString,
  BLOCKFROST_PROJECT_ID: optionalString,
  BLOCKFROST_URL: optionalUrl,
  CARDANO_CONFIRMATIONS: z.coerce.number().int().min(0).max(100).default(3),
  /** How long an x402 payment submitted through Blockfrost is awaited in a block before answering. */
  X402_CONFIRM_SECONDS: z.coerce.number().min(0).max(600).default(90),
  /** Unpaid Cardano payments one user may have open at once (each holds an address under watch). */
  CARDANO_MAX_OPEN_PAYMENTS: z.coerce.number().int().min(1).max(100).default(5),
  CROW_POLICY_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{56}$/, 'must be 56 hex characters')
      .optional(),
  ),
  CROW_ASSET_NAME: z.string().default('CROW'),

  RESEARCH_DATA: z.enum(['live', 'offline']).optional(),
  COINGECKO_API_KEY: optionalString,
  COINGECKO_PLAN: z.enum(['demo', 'pro']).default('demo'),
  COINGECKO_BASE_URL: optionalUrl,
  DEFILLAMA_BASE_URL: optionalUrl,
  /** DeFiLlama Pro key: the hacks list is Pro-only; with a key every DeFiLlama call uses the Pro API. */
  DEFILLAMA_API_KEY: optionalString,
  DEFILLAMA_PRO_BASE_URL: optionalUrl,
  /** CoinGecko calls per minute for this process; default from the plan (keyless 10, demo 100, pro 500). */
  COINGECKO_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).optional(),
  /** CoinGecko calls anonymous asset search may make per day (paid research never waits for it). */
  COINGECKO_SEARCH_CALLS_PER_DAY: z.coerce.number().int().min(0).default(100),
  /** The plan's monthly call allowance this process may spend (every call counts); unlimited when unset. */
  COINGECKO_CALLS_PER_MONTH: z.coerce.number().int().min(1).optional(),
  /** Ethplorer (ERC-20 holders); "freekey" is Ethplorer's public key. */
  ETHPLORER_API_KEY: z.string().trim().min(1).default('freekey'),
  ETHPLORER_BASE_URL: optionalUrl,
  /**
   * Ethplorer's limits for the key in use; the defaults are the free key's (decision 0363):
   * 2 a second, 20 a minute, 100 an hour, 1,000 a day, 3,000 a week.
   */
  ETHPLORER_CALLS_PER_SECOND: z.coerce.number().int().min(1).default(2),
  ETHPLORER_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  ETHPLORER_CALLS_PER_HOUR: z.coerce.number().int().min(1).default(100),
  ETHPLORER_CALLS_PER_DAY: z.coerce.number().int().min(1).default(1_000),
  ETHPLORER_CALLS_PER_WEEK: z.coerce.number().int().min(1).default(3_000),
  /** Solana JSON-RPC for SPL token holders. */
  SOLANA_RPC_URL: z.url().default('https://api.mainnet-beta.solana.com'),
  /** Mainnet Blockfrost project for Cardano token holders (default: BLOCKFROST_PROJECT_ID on mainnet). */
  HOLDERS_BLOCKFROST_PROJECT_ID: optionalString,
  HOLDERS_BLOCKFROST_URL: optionalUrl,
  /** GitHub developer activity; keyless allows 60 calls an hour, a read-only token more. */
  GITHUB_TOKEN: optionalString,
  GITHUB_API_URL: optionalUrl,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** How long one language-model request may take before the rules text is used (20 s by default). */
  LLM_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(20),

  /** Outgoing mail server, e.g. smtp://user:pass@mail.example:587 or smtps://…:465. Without it,
   * the sandbox keeps messages in a development outbox (/dev/outbox) and production sends none. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  EMAIL_FROM: z.string().min(3).default('Crow Research <no-reply@crowresearch.example>'),

  /** The seller named on invoices and credit notes (decision 0300). Without them the demo and
   * tests use labelled sandbox seller details; a production store taking payments refuses to start. */
  SELLER_LEGAL_NAME: optionalString,
  /** Postal address, one line (commas separate the lines on the invoice). */
  SELLER_ADDRESS: optionalString,
  /** ISO 3166-1 alpha-2 country where the seller is established. */
  SELLER_COUNTRY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code such as IE')
      .optional(),
  ),
  /** The seller's VAT number (and OSS registration, which uses it in the EU). */
  SELLER_VAT_ID: optionalString,
  /** VIES REST endpoint base (test-only override of the European Commission's service). */
  VIES_URL: z.url().default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  /** Read the buyer's IP country from CF-IPCountry; only true behind Cloudflare (decision 0302). */
  TRUST_CF_IPCOUNTRY: bool,
});

type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'ENABLE_SANDBOX' | 'CARDANO_NETWORK' | 'CROW_POLICY_ID' | 'HOST'> {
  HOST: string;
  isProduction: boolean;
  /** Sandbox payment methods may stand in for missing keys (see sandboxEnabled). */
  sandboxAllowed: boolean;
  /** Each payment method's mode; a live key for one method never puts the other in sandbox. */
  payments: { card: PaymentMode; cardano: PaymentMode };
  CARDANO_NETWORK: 'mainnet' | 'preprod';
  CROW_POLICY_ID: string;
  /** True when no DATABASE_URL is given and the embedded PostgreSQL is used. */
  embeddedDatabase: boolean;
  researchData: 'live' | 'offline';
}

export class ConfigError extends Error {}

const refuse = (message: string) => new ConfigError(`Invalid configuration: ${message}`);

/**
 * The sandbox is on by default only in the zero-config demo: the embedded database and no payment
 * key at all. Anywhere else it takes ENABLE_SANDBOX=true, and production never has it.
 */
function sandboxEnabled(values: Env, isProduction: boolean): boolean {
  if (isProduction) return false;
  const explicit = values.ENABLE_SANDBOX;
  if (explicit === 'true' || explicit === '1') return true;
  if (explicit === 'false' || explicit === '0') return false;
  const anyPaymentKey = [
    values.STRIPE_SECRET_KEY,
    values.STRIPE_PUBLISHABLE_KEY,
    values.STRIPE_WEBHOOK_SECRET,
    values.CARDANO_ACCOUNT_XPUB,
    values.BLOCKFROST_PROJECT_ID,
  ].some(Boolean);
  return !values.DATABASE_URL && !anyPaymentKey;
}

/** Production refusals, one readable line each (the first that applies is reported). */
function productionProblem(values: Env, payments: Config['payments']): string | undefined {
  const enableSandbox = values.ENABLE_SANDBOX === 'true' || values.ENABLE_SANDBOX === '1';
  if (enableSandbox) return 'ENABLE_SANDBOX is refused when NODE_ENV=production';
  if (values.ADMIN_INITIAL_PASSWORD) {
    return 'ADMIN_INITIAL_PASSWORD is refused when NODE_ENV=production (use npm run admin:create)';
  }
  if (!values.DATABASE_URL) {
    return 'DATABASE_URL is required when NODE_ENV=production (the embedded database is for local runs)';
  }
  if (values.RESEARCH_DATA === 'offline') {
    return 'RESEARCH_DATA=offline (demo snapshot) is refused when NODE_ENV=production';
  }
  if (values.STRIPE_API_BASE) {
    return 'STRIPE_API_BASE is a test-only override and is refused when NODE_ENV=production';
  }
  if (values.WEBHOOK_ALLOW_PRIVATE) {
    return 'WEBHOOK_ALLOW_PRIVATE is refused when NODE_ENV=production (webhooks reach public https addresses only)';
  }
  if (values.BLOCKFROST_URL) {
    return 'BLOCKFROST_URL is a test-only override and is refused when NODE_ENV=production';
  }
  const anyStripeKey = values.STRIPE_SECRET_KEY || values.STRIPE_PUBLISHABLE_KEY;
  if (anyStripeKey && !values.STRIPE_WEBHOOK_SECRET) {
    return 'STRIPE_WEBHOOK_SECRET is required with Stripe keys when NODE_ENV=production (a closed tab must still complete the purchase)';
  }
  if (values.CARDANO_NETWORK && values.CARDANO_NETWORK !== 'mainnet' && !values.CARDANO_ALLOW_TESTNET) {
    return `CARDANO_NETWORK=${values.CARDANO_NETWORK} is refused when NODE_ENV=production (set CARDANO_ALLOW_TESTNET=true for a staging store)`;
  }
  if (payments.cardano === 'live') {
    const policy = values.CROW_POLICY_ID?.toLowerCase();
    if (!policy || policy === PLACEHOLDER_CROW_POLICY_ID) {
      return 'CROW_POLICY_ID must name your CROW token (not the example value) when Cardano payments are live in production';
    }
  }
  const anyLive = payments.card === 'live' || payments.cardano === 'live';
  if (anyLive && !(values.SELLER_LEGAL_NAME && values.SELLER_ADDRESS && values.SELLER_COUNTRY)) {
    return 'SELLER_LEGAL_NAME, SELLER_ADDRESS and SELLER_COUNTRY are required when payments are live in production (every sale gets an invoice naming the seller)';
  }
  return undefined;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path.join('.');
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')} — ${issue.message}`,
    );
  }
  const values = parsed.data;
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw refuse(
      `METRICS_PORT=${values.METRICS_PORT} must differ from PORT (metrics never share the public port)`,
    );
  }
  const host = values.HOST ?? (values.DATABASE_URL ? '0.0.0.0' : '127.0.0.1');
  if (
    values.WEBHOOK_ALLOW_PRIVATE &&
    host !== 'localhost' &&
    !isLoopbackAddress(host.replace(/^\[|\]$/g, ''))
  ) {
    // Private receivers let a key holder reach this network's services; only a local trial may.
    throw refuse(
      `WEBHOOK_ALLOW_PRIVATE=true needs HOST on loopback (127.0.0.1 or ::1), not ${host}: it lets webhooks reach this computer and its network`,
    );
  }
  const isProduction = values.NODE_ENV === 'production';
  const sandboxAllowed = sandboxEnabled(values, isProduction);
  const modeOf = (keyed: boolean): PaymentMode =>
    keyed ? 'live' : sandboxAllowed ? 'sandbox' : 'unavailable';
  const payments = {
    card: modeOf(Boolean(values.STRIPE_SECRET_KEY && values.STRIPE_PUBLISHABLE_KEY)),
    cardano: modeOf(Boolean(values.CARDANO_ACCOUNT_XPUB && values.BLOCKFROST_PROJECT_ID)),
  };
  if (isProduction) {
    const problem = productionProblem(values, payments);
    if (problem) throw refuse(problem);
  }
  const { ENABLE_SANDBOX: _enableSandbox, ...settings } = values;
  return {
    ...settings,
    // The demo keeps its sandbox (and development outbox) on this computer unless HOST says otherwise.
    HOST: host,
    CARDANO_NETWORK: values.CARDANO_NETWORK ?? (isProduction ? 'mainnet' : 'preprod'),
    CROW_POLICY_ID: (values.CROW_POLICY_ID ?? PLACEHOLDER_CROW_POLICY_ID).toLowerCase(),
    isProduction,
    sandboxAllowed,
    payments,
    embeddedDatabase: !values.DATABASE_URL,
    researchData: values.RESEARCH_DATA ?? (values.DATABASE_URL ? 'live' : 'offline'),
  };
}
