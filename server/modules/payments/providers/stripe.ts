import Stripe from 'stripe';
import { BadSignatureError, type PaymentProvider, type WebhookEvent } from './provider.ts';

/** Languages Stripe Checkout speaks among ours (others get Stripe's own choice). */
const STRIPE_LOCALES = new Set(['en', 'ru', 'zh', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt', 'th', 'tr', 'vi']);

/** Stripe Checkout through the official SDK; webhooks verified with the SDK's signature check. */
export function stripeProvider(opts: { secretKey: string; webhookSecret: string; client?: Stripe }): PaymentProvider {
  const stripe = opts.client ?? new Stripe(opts.secretKey);
  return {
    name: 'stripe',
    async createCheckout(_ctx, req) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: req.currency.toLowerCase(), unit_amount: req.amountMinor, product_data: { name: req.description } } }],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        client_reference_id: String(req.paymentId),
        metadata: { payment_id: String(req.paymentId) },
        ...(req.customerEmail ? { customer_email: req.customerEmail } : {}),
        locale: STRIPE_LOCALES.has(req.language) ? (req.language as Stripe.Checkout.SessionCreateParams.Locale) : 'auto',
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { providerRef: session.id, redirectUrl: session.url };
    },
    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, String(signature ?? ''), opts.webhookSecret);
      } catch (err) {
        throw new BadSignatureError(err instanceof Error ? err.message : 'bad signature');
      }
      const base: Pick<WebhookEvent, 'eventId' | 'type' | 'payload'> = { eventId: event.id, type: event.type, payload: event };
      if (!event.type.startsWith('checkout.session.')) return { ...base, outcome: 'ignored' };
      const session = event.data.object as Stripe.Checkout.Session;
      const common = {
        ...base,
        providerRef: session.id,
        clientReference: session.client_reference_id ?? session.metadata?.['payment_id'] ?? undefined,
        amountMinor: session.amount_total ?? undefined,
        currency: session.currency?.toUpperCase(),
      };
      switch (event.type) {
        case 'checkout.session.completed':
          // Delayed methods (bank debits) complete unpaid and succeed later in their own event.
          return { ...common, outcome: session.payment_status === 'paid' ? 'paid' : 'ignored' };
        case 'checkout.session.async_payment_succeeded':
          return { ...common, outcome: 'paid' };
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired':
          return { ...common, outcome: 'failed' };
        default:
          return { ...common, outcome: 'ignored' };
      }
    },
  };
}
