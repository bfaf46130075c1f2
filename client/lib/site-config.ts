import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../contract/site';
import { getJson, handCheck } from './api';

const FALLBACK: SiteConfig = {
  appName: 'Crow Research',
  supportEmail: 'support@crowresearch.example',
  privacyEmail: 'privacy@crowresearch.example',
  cookiePolicyUpdated: '2026-11-22',
  cardPayments: 'unavailable',
  stripePublishableKey: null,
  cardanoPayments: 'unavailable',
  cardanoNetwork: 'preprod',
};

/** The server seeds this key with the settings (client/entry-server.tsx, main.tsx). */
export const SITE_CONFIG_KEY = ['/api/config'] as const;

/** The server's health report, linked from the footer. */
export const HEALTH_URL = '/api/health';

/** The answer of GET /api/config (contract/site.ts siteConfigSchema), checked by its text fields. */
export function isSiteConfig(body: unknown): body is SiteConfig {
  if (typeof body !== 'object' || body === null) return false;
  const config = body as Record<string, unknown>;
  const texts = [
    'appName',
    'supportEmail',
    'privacyEmail',
    'cookiePolicyUpdated',
    'cardPayments',
    'cardanoPayments',
    'cardanoNetwork',
  ] as const;
  return (
    texts.every((field) => typeof config[field] === 'string') &&
    (config.stripePublishableKey === null || typeof config.stripePublishableKey === 'string')
  );
}

export const siteConfigQuery = queryOptions({
  queryKey: SITE_CONFIG_KEY,
  // A hand check, not the contract's zod schema: this module is in the entry chunk, which loads
  // no zod. The page normally arrives with the settings, so this runs rarely.
  queryFn: ({ signal }) => getJson('/api/config', handCheck('the site settings', isSiteConfig), signal),
});

/** Public settings from the server (names, contact addresses, which payment providers run). */
export function useSiteConfig(): SiteConfig & { isLoaded: boolean } {
  const query = useQuery(siteConfigQuery);
  return { ...(query.data ?? FALLBACK), isLoaded: query.isSuccess };
}
