import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminPaymentQuerySchema, TOPUP_MAX_USD, TOPUP_MIN_USD, TopUpRequestSchema, type PaymentProviderView, type SandboxCheckoutView } from '#shared/contracts/payments.ts';
import { formatMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { adjustPayment, getPayment, listPayments, paymentForAdmin, searchPaymentsForAdmin, startTopUp } from '#server/modules/payments/payments.service.ts';
import { AdjustBalanceSchema } from '#shared/contracts/admin.ts';
import { findSandboxCheckout } from '#server/modules/payments/payments.repo.ts';
import { invoiceView, simulate } from '#server/modules/payments/crypto/crypto.service.ts';
import { SimulateSchema } from '#shared/contracts/crypto.ts';
import { decideSandboxCheckout, SANDBOX_SIGNATURE_HEADER } from '#server/modules/payments/providers/sandbox.ts';
import { currentUser } from '#server/plugins/access.ts';
import { webhookPath } from '#server/surfaces/webhooks/index.ts';
import { read, userOf } from './reads.ts';

/** How often the sandbox tries to deliver a webhook, and the pause before each retry. */
const SANDBOX_DELIVERY_DELAYS_MS = [0, 1_000, 5_000, 30_000];

/** /api/v2/payments…: top-ups (start, list, one), the configured methods, and the sandbox's hosted checkout. */
export async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const setup = app.payments;

  read(app, {
    path: '/v2/payments/providers',
    access: 'public',
    handler: (): PaymentProviderView[] => [...setup.providers.keys()].map((name) => ({ name, minUsd: TOPUP_MIN_USD, maxUsd: TOPUP_MAX_USD, feePercent: 0 })),
  });
  read(app, { path: '/v2/payments', access: 'user', handler: (call) => listPayments(call.ctx, userOf(call).id) });
  read(app, {
    path: '/v2/payments/:id',
    access: 'user',
    params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    handler: (call) => getPayment(call.ctx, userOf(call).id, call.params.id),
  });

  r.post('/v2/payments', { config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { body: TopUpRequestSchema } }, async (req) =>
    startTopUp(req.ctx, setup.providers, currentUser(req).id, req.body),
  );

  // Crypto invoices: the invoice page reads its address, amount, countdown and deposits here; on a
  // simulated chain (CRYPTO_CHAIN=simulator, development and tests) it can also pay and mine.
  const PaymentIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
  read(app, { path: '/v2/payments/:id/invoice', access: 'user', params: PaymentIdParams, handler: (call) => invoiceView(call.ctx, setup.crypto, userOf(call).id, call.params.id) });
  if (setup.crypto?.simulators) {
    r.post('/v2/payments/:id/simulate', { config: { access: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { params: PaymentIdParams, body: SimulateSchema } }, async (req) =>
      simulate(req.ctx, setup.crypto, currentUser(req).id, req.params.id, req.body),
    );
  }

  // Admins: search, one payment with its webhook events, manual credits and refunds.
  read(app, { path: '/v2/admin/payments', access: 'admin', query: AdminPaymentQuerySchema, handler: (call) => searchPaymentsForAdmin(call.ctx, call.query) });
  const PaymentId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
  read(app, { path: '/v2/admin/payments/:id', access: 'admin', params: PaymentId, handler: (call) => paymentForAdmin(call.ctx, call.params.id) });
  r.post('/v2/admin/payments/:id/adjustments', { config: { access: 'admin' }, schema: { params: PaymentId, body: AdjustBalanceSchema } }, async (req) =>
    adjustPayment(req.ctx, currentUser(req).id, req.params.id, req.body),
  );

  // The sandbox provider's hosted checkout (the page /pay/sandbox/checkout/{ref} reads and acts here).
  const sandboxSecret = setup.sandboxSecret;
  if (!sandboxSecret) return;
  const Ref = z.object({ ref: z.string().regex(/^sbx_[0-9a-f]{24}$/) });
  read(app, {
    path: '/v2/payments/sandbox/:ref',
    access: 'public',
    params: Ref,
    handler: async (call): Promise<SandboxCheckoutView> => {
      const row = await findSandboxCheckout(call.ctx.db, call.params.ref);
      if (!row) throw new AppError('NOT_FOUND', 'No such checkout.');
      return { ref: row.ref, amount: formatMoney(row.amountMinor * 10_000), currency: row.currency, description: row.description, status: row.status };
    },
  });
  r.post('/v2/payments/sandbox/:ref/:decision', { config: { access: 'public' }, schema: { params: Ref.extend({ decision: z.enum(['approve', 'decline']) }) } }, async (req) => {
    const decided = await decideSandboxCheckout(req.ctx, sandboxSecret, req.params.ref, req.params.decision === 'approve' ? 'approved' : 'declined');
    if (!decided) throw new AppError('NOT_FOUND', 'No such checkout.');
    const hook = decided.webhook;
    if (hook) {
      // Like a real provider: the webhook goes out on its own, apart from the payer's redirect,
      // and is retried until the product acknowledges it.
      const log = req.log;
      const deliver = async (attempt: number): Promise<void> => {
        const res = await app.inject({ method: 'POST', url: webhookPath('sandbox'), headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: hook.signature }, payload: hook.body });
        if (res.statusCode === 200) return;
        const next = SANDBOX_DELIVERY_DELAYS_MS[attempt + 1];
        if (next === undefined) return void log.error({ status: res.statusCode }, 'sandbox webhook undelivered');
        setTimeout(() => void deliver(attempt + 1).catch((err: unknown) => log.error({ err }, 'sandbox webhook delivery failed')), next).unref();
      };
      setImmediate(() => void deliver(0).catch((err: unknown) => log.error({ err }, 'sandbox webhook delivery failed')));
    }
    return { redirectUrl: decided.redirectUrl };
  });
}
