import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PLACEHOLDER_CROW_POLICY_ID } from './config';

describe('loadConfig', () => {
  it('runs with no configuration at all on the embedded database and offline research data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(5000);
    expect(config.embeddedDatabase).toBe(true);
    expect(config.sandboxAllowed).toBe(true);
    expect(config.payments).toEqual({ card: 'sandbox', cardano: 'sandbox' });
    expect(config.researchData).toBe('offline');
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('keeps the zero-config demo on this computer unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.example/crow' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.example/crow', HOST: '::1' }).HOST).toBe('::1');
  });

  it('keeps metrics off unless METRICS_PORT is set, on this computer unless METRICS_HOST widens it', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).METRICS_HOST).toBe('0.0.0.0');
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(
      /METRICS_PORT=9464 must differ from PORT/,
    );
  });

  it('lets webhooks reach private receivers only behind their own flag, on a loopback server, never in production', () => {
    const staging = { DATABASE_URL: 'postgres://u:p@db.example/crow', ENABLE_SANDBOX: 'true' };
    expect(loadConfig(staging).WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(() => loadConfig({ ...staging, WEBHOOK_ALLOW_PRIVATE: 'true' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE=true needs HOST on loopback .*not 0\.0\.0\.0/,
    );
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', HOST: '10.0.0.7' })).toThrow(/not 10\.0\.0\.7/);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).WEBHOOK_ALLOW_PRIVATE).toBe(true);
    expect(loadConfig({ ...staging, HOST: '::1', WEBHOOK_ALLOW_PRIVATE: 'true' }).WEBHOOK_ALLOW_PRIVATE).toBe(
      true,
    );
    expect(() =>
      loadConfig({
        ...staging,
        ENABLE_SANDBOX: '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        WEBHOOK_ALLOW_PRIVATE: 'true',
      }),
    ).toThrow(/WEBHOOK_ALLOW_PRIVATE is refused when NODE_ENV=production/);
  });

  it('names the variable and the problem in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT="abc" — .+/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses sandbox-only settings in production', () => {
    const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' };
    expect(() => loadConfig({ ...prod, ENABLE_SANDBOX: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, RESEARCH_DATA: 'offline' })).toThrow(/RESEARCH_DATA/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL is required/);
    expect(loadConfig(prod).sandboxAllowed).toBe(false);
  });
});

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const CARDANO = { CARDANO_ACCOUNT_XPUB: 'xpub_placeholder', BLOCKFROST_PROJECT_ID: 'mainnetProjectId' };
const DATABASE = { DATABASE_URL: 'postgres://u@h/db' };
const SELLER = {
  SELLER_LEGAL_NAME: 'Crow Research Ltd',
  SELLER_ADDRESS: '1 Main St, Dublin',
  SELLER_COUNTRY: 'IE',
};
const PROD = { NODE_ENV: 'production', ...DATABASE, ...SELLER };
const OWN_POLICY = 'ab'.repeat(28);

describe('sandbox only in the zero-config demo', () => {
  it('is off on a real database even without NODE_ENV', () => {
    const config = loadConfig(DATABASE);
    expect(config.sandboxAllowed).toBe(false);
    expect(config.payments).toEqual({ card: 'unavailable', cardano: 'unavailable' });
  });

  it('is off on the embedded database as soon as any payment key is given', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).payments).toEqual({
      card: 'unavailable',
      cardano: 'unavailable',
    });
    expect(loadConfig({ BLOCKFROST_PROJECT_ID: 'preprodX' }).sandboxAllowed).toBe(false);
  });

  it('a live key for one method leaves the other unavailable, not in sandbox', () => {
    expect(loadConfig(STRIPE).payments).toEqual({ card: 'live', cardano: 'unavailable' });
    expect(loadConfig({ ...DATABASE, ...CARDANO }).payments).toEqual({
      card: 'unavailable',
      cardano: 'live',
    });
    expect(loadConfig({ ...PROD, ...STRIPE }).payments).toEqual({ card: 'live', cardano: 'unavailable' });
  });

  it('ENABLE_SANDBOX=true turns it on outside the demo; ENABLE_SANDBOX=false turns the demo off', () => {
    expect(loadConfig({ ...DATABASE, ENABLE_SANDBOX: 'true' }).payments).toEqual({
      card: 'sandbox',
      cardano: 'sandbox',
    });
    expect(loadConfig({ ...STRIPE, ENABLE_SANDBOX: 'true' }).payments).toEqual({
      card: 'live',
      cardano: 'sandbox',
    });
    expect(loadConfig({ ENABLE_SANDBOX: 'false' }).payments).toEqual({
      card: 'unavailable',
      cardano: 'unavailable',
    });
  });

  it('production refuses ENABLE_SANDBOX with one line', () => {
    expect(() => loadConfig({ ...PROD, ENABLE_SANDBOX: 'true' })).toThrow(
      /^Invalid configuration: ENABLE_SANDBOX is refused when NODE_ENV=production$/,
    );
  });
});

describe('production refuses settings that would lose or fake money', () => {
  it('a Cardano test network unless CARDANO_ALLOW_TESTNET=true; mainnet is the production default', () => {
    expect(() => loadConfig({ ...PROD, CARDANO_NETWORK: 'preprod' })).toThrow(
      /^Invalid configuration: CARDANO_NETWORK=preprod is refused/,
    );
    expect(
      loadConfig({ ...PROD, CARDANO_NETWORK: 'preprod', CARDANO_ALLOW_TESTNET: 'true' }).CARDANO_NETWORK,
    ).toBe('preprod');
    expect(loadConfig(PROD).CARDANO_NETWORK).toBe('mainnet');
    expect(loadConfig({}).CARDANO_NETWORK).toBe('preprod');
  });

  it('a missing or example CROW_POLICY_ID when Cardano is live', () => {
    expect(() => loadConfig({ ...PROD, ...CARDANO })).toThrow(
      /^Invalid configuration: CROW_POLICY_ID must name your CROW token/,
    );
    expect(() =>
      loadConfig({ ...PROD, ...CARDANO, CROW_POLICY_ID: PLACEHOLDER_CROW_POLICY_ID.toUpperCase() }),
    ).toThrow(/CROW_POLICY_ID/);
    expect(loadConfig({ ...PROD, ...CARDANO, CROW_POLICY_ID: OWN_POLICY }).payments.cardano).toBe('live');
    // Without live Cardano the example value does no harm.
    expect(loadConfig(PROD).CROW_POLICY_ID).toBe(PLACEHOLDER_CROW_POLICY_ID);
  });

  it('Stripe keys without STRIPE_WEBHOOK_SECRET', () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, ...keysOnly } = STRIPE;
    expect(() => loadConfig({ ...PROD, ...keysOnly })).toThrow(
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET is required/,
    );
    expect(loadConfig({ ...PROD, ...STRIPE }).payments.card).toBe('live');
    expect(loadConfig(keysOnly).payments.card).toBe('live'); // only production insists
  });

  it('the test-only overrides STRIPE_API_BASE and BLOCKFROST_URL', () => {
    expect(() => loadConfig({ ...PROD, ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:1' })).toThrow(
      /^Invalid configuration: STRIPE_API_BASE is a test-only override/,
    );
    expect(() => loadConfig({ ...PROD, BLOCKFROST_URL: 'http://127.0.0.1:1' })).toThrow(
      /^Invalid configuration: BLOCKFROST_URL is a test-only override/,
    );
  });

  it('each refusal is a single line', () => {
    const cases = [
      { ...PROD, ENABLE_SANDBOX: 'true' },
      { ...PROD, CARDANO_NETWORK: 'preprod' },
      { ...PROD, ...CARDANO },
      { ...PROD, STRIPE_SECRET_KEY: 'sk_live_x' },
      { ...PROD, STRIPE_API_BASE: 'http://127.0.0.1:1' },
    ];
    for (const env of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      try {
        loadConfig(env);
      } catch (error) {
        expect((error as Error).message).not.toContain('\n');
      }
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and when set to false or 0', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses "true" (anyone could choose their address) and malformed entries', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid configuration: TRUST_PROXY="true" — must be a hop count/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });
});

describe('rate limits and the shared store', () => {
  it('has a default for every limit and reads overrides', () => {
    const config = loadConfig({});
    expect(config.LOGIN_ACCOUNT_RATE_LIMIT).toBe(10);
    expect(config.LOGIN_ACCOUNT_WINDOW_MINUTES).toBe(5);
    expect(config.REPORT_EVENT_STREAMS_PER_USER).toBe(3);
    expect(
      loadConfig({ CONFIRM_PAYMENT_RATE_LIMIT_PER_MINUTE: '7' }).CONFIRM_PAYMENT_RATE_LIMIT_PER_MINUTE,
    ).toBe(7);
    expect(() => loadConfig({ ASSET_SEARCH_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /ASSET_SEARCH_RATE_LIMIT_PER_MINUTE/,
    );
  });

  it('REDIS_URL must be a redis URL', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('is empty by default and takes comma-separated names and addresses', () => {
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
    expect(
      loadConfig({ ALLOWED_HOSTS: ' shop.example, web ,10.0.0.7,[fd00::7],fd00::8' }).ALLOWED_HOSTS,
    ).toEqual(['shop.example', 'web', '10.0.0.7', '[fd00::7]', 'fd00::8']);
  });

  it('refuses a URL or a name with a port, naming the entry', () => {
    expect(() => loadConfig({ ALLOWED_HOSTS: 'shop.example,https://shop.example' })).toThrow(
      /^Invalid configuration: ALLOWED_HOSTS=.*"https:\/\/shop\.example" is not a host name/,
    );
    expect(() => loadConfig({ ALLOWED_HOSTS: 'shop.example:8080' })).toThrow(/ALLOWED_HOSTS/);
  });
});
