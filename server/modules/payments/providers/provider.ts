/**
 * One interface for every payment provider: create a hosted checkout, verify and read a webhook.
 * The balance moves only on a verified webhook (payments.service), never on the payer's redirect.
 */
import type { Language } from '#shared/i18n/languages.ts';
import type { Ctx } from '#server/lib/ctx.ts';

export interface CheckoutRequest {
  /** The product's payment id; providers echo it back (client reference / metadata). */
  paymentId: number;
  /** In the currency's minor units (cents). */
  amountMinor: number;
  currency: 'USD';
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** The payer's language, for the provider's page. */
  language: Language;
}

export interface Checkout {
  /** The provider's id of the checkout (unique per provider). */
  providerRef: string;
  /** Where to send the payer: the provider's hosted page. */
  redirectUrl: string;
}

/** A verified webhook, reduced to what the product acts on. */
export interface WebhookEvent {
  /** The provider's event id: an event is acted on once, however often it is delivered. */
  eventId: string;
  /** The provider's own event type, kept for the record. */
  type: string;
  /** paid: money arrived; failed: the attempt is over without money; ignored: nothing to do. */
  outcome: 'paid' | 'failed' | 'ignored';
  providerRef?: string;
  /** The product's payment id as the provider echoes it. */
  clientReference?: string;
  amountMinor?: number;
  currency?: string;
  /** The event as received (stored with the payment's events). */
  payload: unknown;
}

/** A webhook whose signature does not verify: answered 400, logged, nothing else happens. */
export class BadSignatureError extends Error {}

export interface PaymentProvider {
  /** Short name: the `/pay/{shortname}` page and the webhook path use it. */
  readonly name: string;
  createCheckout(ctx: Ctx, request: CheckoutRequest): Promise<Checkout>;
  /** @throws BadSignatureError */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}
