import { z } from './zod';

/** Public settings the browser needs (GET /api/config). */
export const siteConfigSchema = z.object({
  appName: z.string(),
  supportEmail: z.string(),
  privacyEmail: z.string(),
  cookiePolicyUpdated: z.string(),
  /** Which card provider runs: the real one, the labelled sandbox, or none (production without keys). */
  cardPayments: z.enum(['stripe', 'sandbox', 'unavailable']),
  stripePublishableKey: z.string().nullable(),
  cardanoPayments: z.enum(['blockfrost', 'sandbox', 'unavailable']),
  cardanoNetwork: z.enum(['mainnet', 'preprod']),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
