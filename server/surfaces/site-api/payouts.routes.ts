import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminPayoutQuerySchema,
  CloseReturnSchema,
  FundsReturnRequestSchema,
  MarkSentSchema,
  PAYOUT_METHODS,
  PayoutIdSchema,
  PayoutMethodParamsSchema,
  PayoutMethodUpdateSchema,
  PayoutRequestSchema,
  RejectPayoutSchema,
  WalletIdSchema,
  WalletRequestSchema,
} from '#shared/contracts/payouts.ts';
import * as payouts from '#server/modules/payouts/payouts.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read, userOf } from './reads.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const strict = { max: 20, timeWindow: '1 minute' };

/**
 * Money out (issue 12): wallets (/partner/payment_edit), payouts and return-funds requests
 * (/partner/payment, /partner/history_payment), and the admins' payout queue.
 */
export async function payoutsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  read(app, { path: '/v2/payouts/wallets', access: 'user', handler: (call) => payouts.listWallets(call.ctx, userOf(call).id) });
  r.post('/v2/payouts/wallets', { config: { access: 'user', rateLimit: strict }, schema: { body: WalletRequestSchema } }, async (req) =>
    payouts.requestWallet(req.ctx, currentUser(req).id, req.body, meta(req)),
  );
  r.post('/v2/payouts/wallets/:id/cancel', { config: { access: 'user', rateLimit: strict }, schema: { params: WalletIdSchema } }, async (req) =>
    payouts.cancelWallet(req.ctx, currentUser(req).id, req.params.id, meta(req)),
  );

  read(app, { path: '/v2/payouts/summary', access: 'user', handler: (call) => payouts.payoutSummary(call.ctx, userOf(call).id) });
  read(app, { path: '/v2/payouts/history', access: 'user', handler: (call) => payouts.payoutHistory(call.ctx, userOf(call).id) });
  r.post('/v2/payouts', { config: { access: 'user', rateLimit: strict }, schema: { body: PayoutRequestSchema } }, async (req) =>
    payouts.requestPayout(req.ctx, currentUser(req).id, req.body),
  );
  r.post('/v2/payouts/return-funds', { config: { access: 'user', rateLimit: { max: 5, timeWindow: '1 minute' } }, schema: { body: FundsReturnRequestSchema } }, async (req) =>
    payouts.requestFundsReturn(req.ctx, currentUser(req).id, req.body),
  );

  read(app, { path: '/v2/admin/payouts', access: 'admin', query: AdminPayoutQuerySchema, handler: (call) => payouts.adminQueue(call.ctx, call.query) });
  r.get('/v2/admin/payouts.csv', { config: { access: 'admin' }, schema: { querystring: z.object({ method: z.enum(PAYOUT_METHODS).optional() }) } }, async (req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payouts-approved${req.query.method ? '-' + req.query.method : ''}.csv"`)
      .header('cache-control', 'no-store')
      .send(await payouts.approvedCsv(req.ctx, req.query.method)),
  );
  r.post('/v2/admin/payouts/:id/approve', { config: { access: 'admin' }, schema: { params: PayoutIdSchema } }, async (req) =>
    payouts.approvePayout(req.ctx, currentUser(req).id, req.params.id),
  );
  r.post('/v2/admin/payouts/:id/sent', { config: { access: 'admin' }, schema: { params: PayoutIdSchema, body: MarkSentSchema } }, async (req) =>
    payouts.markSent(req.ctx, currentUser(req).id, req.params.id, req.body.reference),
  );
  r.post('/v2/admin/payouts/:id/send', { config: { access: 'admin' }, schema: { params: PayoutIdSchema } }, async (req) =>
    payouts.sendPayout(req.ctx, currentUser(req).id, req.params.id),
  );
  r.post('/v2/admin/payouts/:id/reject', { config: { access: 'admin' }, schema: { params: PayoutIdSchema, body: RejectPayoutSchema } }, async (req) =>
    payouts.rejectPayout(req.ctx, currentUser(req).id, req.params.id, req.body.reason),
  );
  r.post('/v2/admin/funds-returns/:id/close', { config: { access: 'admin' }, schema: { params: PayoutIdSchema, body: CloseReturnSchema } }, async (req) =>
    payouts.closeFundsReturn(req.ctx, currentUser(req).id, req.params.id, req.body.note),
  );
  read(app, { path: '/v2/admin/payout-methods', access: 'admin', handler: (call) => payouts.listMethodsAdmin(call.ctx) });
  r.put('/v2/admin/payout-methods/:method', { config: { access: 'admin' }, schema: { params: PayoutMethodParamsSchema, body: PayoutMethodUpdateSchema } }, async (req) =>
    payouts.updateMethod(req.ctx, req.params.method, req.body),
  );
}
