import { randomBytes } from 'node:crypto';
import { sitesOf, type Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { getOrCreateSecret } from '#server/modules/settings/secrets.repo.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { stripeProvider } from './stripe.ts';

export interface PaymentSetup {
  providers: ReadonlyMap<string, PaymentProvider>;
  /** The sandbox's webhook signing secret (the sandbox signs what it delivers), when it is on. */
  sandboxSecret: string | null;
}

/**
 * The providers this installation offers, from configuration: the sandbox (PAYMENTS_SANDBOX; by
 * default on with the embedded database, off on PostgreSQL) and Stripe when both of its keys are set.
 */
export async function createPaymentProviders(config: Config, db: Db): Promise<PaymentSetup> {
  const providers = new Map<string, PaymentProvider>();
  const sandboxOn = config.PAYMENTS_SANDBOX ?? !config.DATABASE_URL;
  let sandboxSecret: string | null = null;
  if (sandboxOn) {
    sandboxSecret = await getOrCreateSecret(db, 'payments.sandbox.webhook', () => randomBytes(32).toString('base64url'));
    providers.set('sandbox', sandboxProvider({ secret: sandboxSecret, sites: sitesOf(config) }));
  }
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    providers.set('stripe', stripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET }));
  }
  return { providers, sandboxSecret };
}
