import { randomBytes } from 'node:crypto';
import { sitesOf, type Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { getOrCreateSecret } from '#server/modules/settings/secrets.repo.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { stripeProvider } from './stripe.ts';
import { cryptoProvider } from './crypto.ts';
import { createCryptoSetup, type CryptoSetup } from '../crypto/crypto.service.ts';

export interface PaymentSetup {
  providers: ReadonlyMap<string, PaymentProvider>;
  /** The sandbox's webhook signing secret (the sandbox signs what it delivers), when it is on. */
  sandboxSecret: string | null;
  /** The crypto coins offered (invoices, chain watchers, rates), or null when none is configured. */
  crypto: CryptoSetup | null;
}

/**
 * The providers this installation offers, from configuration: the sandbox (PAYMENTS_SANDBOX; by
 * default on with the embedded database, off on PostgreSQL), Stripe when both of its keys are set,
 * and each crypto coin whose xpub, chain source and rate are configured (CRYPTO_*).
 */
export async function createPaymentProviders(config: Config, db: Db, log: { warn: (obj: object, msg: string) => void }): Promise<PaymentSetup> {
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
  const crypto = createCryptoSetup(config, log);
  for (const coin of crypto?.coins.keys() ?? []) {
    const provider = cryptoProvider(coin, crypto!, sitesOf(config));
    providers.set(provider.name, provider);
  }
  return { providers, sandboxSecret, crypto };
}
