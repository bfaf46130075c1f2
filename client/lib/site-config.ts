import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../contract/site';

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

export const SITE_CONFIG_KEY = ['/api/config'] as const;

/** Public settings from the server (names, contact addresses, which payment providers run). */
export function useSiteConfig(): SiteConfig & { isLoaded: boolean } {
  const query = useQuery<SiteConfig>({ queryKey: SITE_CONFIG_KEY });
  return { ...(query.data ?? FALLBACK), isLoaded: query.isSuccess };
}
