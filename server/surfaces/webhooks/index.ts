import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { handleWebhookEvent } from '#server/modules/payments/payments.service.ts';
import { BadSignatureError } from '#server/modules/payments/providers/provider.ts';
import type { PaymentSetup } from '#server/modules/payments/providers/index.ts';

/** The path a provider delivers its events to. */
export const webhookPath = (provider: string) => `/webhooks/payments/${provider}`;

/**
 * POST /webhooks/payments/{provider}: the providers' webhooks. Outside the browser surfaces (no
 * session, no CSRF: the provider's signature is the authentication), with the raw body kept for the
 * signature check. A bad signature is a 400 and a log line; everything else is a 200 once the
 * event is recorded, so the provider stops retrying.
 */
export const paymentWebhooks = fp(
  async (app: FastifyInstance, opts: { payments: PaymentSetup }) => {
    await app.register(async (hooks) => {
      hooks.removeAllContentTypeParsers();
      hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
      hooks.post<{ Params: { provider: string } }>('/webhooks/payments/:provider', async (req, reply) => {
        const provider = opts.payments.providers.get(req.params.provider);
        const count = (outcome: string) => app.metrics.paymentWebhooks.inc({ provider: provider?.name ?? 'unknown', outcome });
        if (!provider) {
          count('unknown_provider');
          return reply.code(404).send({ error: 'unknown provider' });
        }
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        try {
          const event = provider.parseWebhook(raw, req.headers);
          const outcome = await handleWebhookEvent(req.ctx, provider, event);
          count(String(outcome));
          return reply.send({ received: true, outcome });
        } catch (err) {
          if (err instanceof BadSignatureError) {
            count('bad_signature');
            req.log.warn({ provider: provider.name, reason: err.message }, 'payment webhook with a bad signature');
            return reply.code(400).send({ error: 'bad signature' });
          }
          count('error');
          throw err;
        }
      });
    });
  },
  { name: 'payment-webhooks' },
);
