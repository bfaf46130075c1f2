import type { SiteConfig } from '../../../contract/site';
import type { AppContext } from '../../context';

/** What GET /api/config tells the browser, read from the configuration and the providers built from it. */
export function siteConfigFrom({ config, payments }: Pick<AppContext, 'config' | 'payments'>): SiteConfig {
  return {
    appName: config.APP_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    privacyEmail: config.PRIVACY_EMAIL,
    cookiePolicyUpdated: config.COOKIE_POLICY_UPDATED,
    cardPayments: config.payments.card,
    stripePublishableKey: config.payments.card === 'live' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    cardanoPayments: config.payments.cardano,
    // The network the Cardano provider really runs on (the sandbox always runs on preprod).
    cardanoNetwork: payments.cardano.network,
    creditPack: { credits: config.API_CREDIT_PACK_CREDITS, priceUsd: config.API_CREDIT_PACK_PRICE_USD },
    // The same condition as writerFromConfig: without a model, the deterministic writer writes.
    reportWriter: config.LLM_BASE_URL && config.LLM_MODEL ? 'llm' : 'rules',
  };
}
