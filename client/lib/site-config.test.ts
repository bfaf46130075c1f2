import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../contract/site';
import { isSiteConfig } from './site-config';

const config = {
  appName: 'Crow Research',
  supportEmail: 'support@example.com',
  privacyEmail: 'privacy@example.com',
  cookiePolicyUpdated: '2026-11-22',
  cardPayments: 'sandbox',
  stripePublishableKey: null,
  cardanoPayments: 'live',
  cardanoNetwork: 'mainnet',
};

describe('the site settings check (a hand check: the entry chunk loads no zod)', () => {
  it('accepts the settings the contract accepts', () => {
    expect(siteConfigSchema.safeParse(config).success).toBe(true);
    expect(isSiteConfig(config)).toBe(true);
    expect(isSiteConfig({ ...config, stripePublishableKey: 'pk_test_1' })).toBe(true);
  });

  it('refuses an answer that lacks a field or gives one another type', () => {
    const { appName: _, ...withoutName } = config;
    for (const body of [
      withoutName,
      { ...config, stripePublishableKey: 1 },
      { ...config, cardPayments: 2 },
      null,
    ]) {
      expect(siteConfigSchema.safeParse(body).success).toBe(false);
      expect(isSiteConfig(body)).toBe(false);
    }
  });
});
