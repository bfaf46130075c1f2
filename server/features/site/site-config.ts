import type { SiteConfig } from '../../../contract/site';
import type { Config } from '../../config';

export function siteConfigFrom(config: Config): SiteConfig {
  const stripeReady = Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);
  const cardanoReady = Boolean(config.BLOCKFROST_PROJECT_ID && config.CARDANO_ACCOUNT_XPUB);
  return {
    appName: config.APP_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    privacyEmail: config.PRIVACY_EMAIL,
    cookiePolicyUpdated: config.COOKIE_POLICY_UPDATED,
    cardPayments: stripeReady ? 'stripe' : config.sandboxAllowed ? 'sandbox' : 'unavailable',
    stripePublishableKey: stripeReady ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    cardanoPayments: cardanoReady ? 'blockfrost' : config.sandboxAllowed ? 'sandbox' : 'unavailable',
    cardanoNetwork: config.CARDANO_NETWORK,
  };
}
