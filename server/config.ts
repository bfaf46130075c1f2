import { z } from 'zod';

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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** `all` runs web and worker in one process; production runs them separately. */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(5000),
  /** Public address used in canonical URLs, sitemap and emails; defaults to the request's host. */
  PUBLIC_URL: optionalUrl,
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
  COOKIE_POLICY_UPDATED: z.iso.date().default('2026-11-01'),

  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Live report views (event streams) one user may hold open on one web process. */
  REPORT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Explicitly allows sandbox payment providers and demo data; refused in production. */
  ENABLE_SANDBOX: bool,

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Only for tests against a local fake Stripe server, e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: optionalUrl,

  CARDANO_NETWORK: z.enum(['mainnet', 'preprod']).default('preprod'),
  CARDANO_ACCOUNT_XPUB: optionalString,
  BLOCKFROST_PROJECT_ID: optionalString,
  BLOCKFROST_URL: optionalUrl,
  CARDANO_CONFIRMATIONS: z.coerce.number().int().min(0).max(100).default(3),
  CROW_POLICY_ID: z
    .string()
    .regex(/^[0-9a-f]{56}$/, 'must be 56 hex characters')
    .default('0d8a4c9f6b1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c'),
  CROW_ASSET_NAME: z.string().default('CROW'),

  RESEARCH_DATA: z.enum(['live', 'offline']).optional(),
  COINGECKO_API_KEY: optionalString,
  COINGECKO_PLAN: z.enum(['demo', 'pro']).default('demo'),
  COINGECKO_BASE_URL: optionalUrl,
  DEFILLAMA_BASE_URL: optionalUrl,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  isProduction: boolean;
  /** True when outside production: sandbox providers may stand in for missing keys. */
  sandboxAllowed: boolean;
  /** True when no DATABASE_URL is given and the embedded PostgreSQL is used. */
  embeddedDatabase: boolean;
  researchData: 'live' | 'offline';
}

export class ConfigError extends Error {}

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
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction && values.ENABLE_SANDBOX) {
    throw new ConfigError('Invalid configuration: ENABLE_SANDBOX is refused when NODE_ENV=production');
  }
  if (isProduction && values.ADMIN_INITIAL_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration: ADMIN_INITIAL_PASSWORD is refused when NODE_ENV=production (use npm run admin:create)',
    );
  }
  if (isProduction && !values.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL is required when NODE_ENV=production (the embedded database is for local runs)',
    );
  }
  if (isProduction && values.RESEARCH_DATA === 'offline') {
    throw new ConfigError(
      'Invalid configuration: RESEARCH_DATA=offline (demo snapshot) is refused when NODE_ENV=production',
    );
  }
  return {
    ...values,
    isProduction,
    sandboxAllowed: !isProduction,
    embeddedDatabase: !values.DATABASE_URL,
    researchData: values.RESEARCH_DATA ?? (values.DATABASE_URL ? 'live' : 'offline'),
  };
}
