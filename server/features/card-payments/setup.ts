import type Stripe from 'stripe';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { CardPaymentProvider } from './provider';
import { type SandboxCardProvider, sandboxProvider } from './sandbox-provider';
import { createStripeClient, stripeProvider } from './stripe-provider';

// The card provider of the process, built once at start-up (server/providers.ts) and read from
// ctx.payments.card by the routes and the jobs.

export interface CardPaymentSetup {
  provider: CardPaymentProvider | null;
  sandbox: SandboxCardProvider | null;
  stripe: Stripe | null;
}

/** The provider for config.payments.card (the mode GET /api/config reports). */
export function createCardPaymentSetup(config: Config, db: Database): CardPaymentSetup {
  if (config.payments.card === 'live') {
    const stripe = createStripeClient({
      secretKey: config.STRIPE_SECRET_KEY!,
      apiBase: config.STRIPE_API_BASE,
    });
    return { provider: stripeProvider(stripe), sandbox: null, stripe };
  }
  if (config.payments.card === 'sandbox') {
    const sandbox = sandboxProvider(db);
    return { provider: sandbox, sandbox, stripe: null };
  }
  return { provider: null, sandbox: null, stripe: null };
}
