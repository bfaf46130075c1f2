import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no configuration at all on the embedded database and offline research data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(5000);
    expect(config.embeddedDatabase).toBe(true);
    expect(config.sandboxAllowed).toBe(true);
    expect(config.researchData).toBe('offline');
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
