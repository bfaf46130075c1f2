import { z } from './zod';

/** A payment method's mode: `live` takes real money; `sandbox` is labelled and never charges. */
export const paymentModeSchema = z.enum(['live', 'sandbox', 'unavailable']);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** Public settings the browser needs (GET /api/config). */
export const siteConfigSchema = z.object({
  appName: z.string(),
  supportEmail: z.string(),
  privacyEmail: z.string(),
  cookiePolicyUpdated: z.string(),
  /** How card payments run: real money (Stripe), the labelled sandbox, or not offered. */
  cardPayments: paymentModeSchema,
  stripePublishableKey: z.string().nullable(),
  /** How Cardano payments run: real chain (Blockfrost), the labelled sandbox, or not offered. */
  cardanoPayments: paymentModeSchema,
  cardanoNetwork: z.enum(['mainnet', 'preprod']),
  /** The prepaid API credit pack the checkouts sell (purchaseType credit_pack). */
  creditPack: z.object({ credits: z.number(), priceUsd: z.number() }).optional(),
  /**
   * Who writes new reports: the published rules alone, or an AI model checked against the
   * evidence (LLM_BASE_URL and LLM_MODEL set). The site says which (decision 0344).
   */
  reportWriter: z.enum(['rules', 'llm']).optional(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET /api/health: whether the service runs, for operators and the Status page. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  queue: z.enum(['ok', 'down']),
  /** Each payment method's mode, so an operator sees at a glance whether real money flows. */
  payments: z.object({ card: paymentModeSchema, cardano: paymentModeSchema }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** The cookie that keeps the theme chosen with the toggle (1 year, see the cookie policy). */
export const THEME_COOKIE = 'theme_preference';
export type Theme = 'light' | 'dark';

/** The theme chosen with the toggle; null until one was chosen, when the system setting applies. */
export function chosenTheme(cookie: string | undefined): Theme | null {
  return cookie === 'dark' || cookie === 'light' ? cookie : null;
}
