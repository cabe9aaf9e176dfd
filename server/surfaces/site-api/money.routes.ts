import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HistoryDayQuerySchema, IssueVoucherBatchSchema, RedeemVoucherSchema, TransferLinkSchema, TransferRequestSchema } from '#shared/contracts/money.ts';
import { historyByDay, historyCsv } from '#server/modules/billing/history.service.ts';
import { confirmTransfer, inspectTransferLink, listTransfers, requestTransfer } from '#server/modules/transfers/transfers.service.ts';
import { issueBatch, listBatches, listRedeemed, redeemVoucher } from '#server/modules/vouchers/vouchers.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read, userOf } from './reads.ts';

/**
 * Money between accounts and over time (issue 11 §3–5): /api/v2/money/history_day (+ .csv),
 * /api/v2/transfers…, /api/v2/vouchers…, and the admins' /api/v2/admin/voucher-batches.
 */
export async function moneyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  read(app, { path: '/v2/money/history_day', access: 'user', query: HistoryDayQuerySchema, handler: (call) => historyByDay(call.ctx, userOf(call), call.query) });
  r.get('/v2/money/history_day.csv', { config: { access: 'user' }, schema: { querystring: HistoryDayQuerySchema } }, async (req, reply) => {
    const view = await historyByDay(req.ctx, currentUser(req), req.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="balance-by-day-${view.from}-${view.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(historyCsv(view));
  });

  read(app, { path: '/v2/transfers', access: 'user', handler: (call) => listTransfers(call.ctx, userOf(call).id) });
  r.post('/v2/transfers', { config: { access: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } }, schema: { body: TransferRequestSchema } }, async (req) =>
    requestTransfer(req.ctx, currentUser(req).id, req.body),
  );
  read(app, {
    path: '/v2/transfers/link/:hash/:userId',
    access: 'user',
    params: TransferLinkSchema,
    handler: (call) => inspectTransferLink(call.ctx, userOf(call).id, call.params),
  });
  r.post('/v2/transfers/confirm', { config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { body: TransferLinkSchema } }, async (req) =>
    confirmTransfer(req.ctx, currentUser(req).id, req.body),
  );

  read(app, { path: '/v2/vouchers', access: 'user', handler: (call) => listRedeemed(call.ctx, userOf(call).id) });
  r.post('/v2/vouchers/redeem', { config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { body: RedeemVoucherSchema } }, async (req) =>
    redeemVoucher(req.ctx, currentUser(req).id, req.ip, req.body),
  );

  read(app, { path: '/v2/admin/voucher-batches', access: 'admin', handler: (call) => listBatches(call.ctx) });
  r.post('/v2/admin/voucher-batches', { config: { access: 'admin' }, schema: { body: IssueVoucherBatchSchema } }, async (req) => issueBatch(req.ctx, currentUser(req).id, req.body));
}
