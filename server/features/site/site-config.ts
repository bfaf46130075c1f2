import type { SiteConfig } from '../../../contract/site';
import type { Config } from '../../config';

export function siteConfigFrom(config: Config): SiteConfig {
  return {
    appName: config.APP_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    privacyEmail: config.PRIVACY_EMAIL,
    cookiePolicyUpdated: config.COOKIE_POLICY_UPDATED,
    cardPayments: config.payments.card,
    stripePublishableKey: config.payments.card === 'live' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    cardanoPayments: config.payments.cardano,
    // The sandbox chain always runs on preprod (see cardano/setup.ts).
    cardanoNetwork: config.payments.cardano === 'sandbox' ? 'preprod' : config.CARDANO_NETWORK,
  };
}
