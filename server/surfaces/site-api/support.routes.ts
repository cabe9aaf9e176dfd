import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignSchema,
  AutoRenewSchema,
  BotMessageSchema,
  BotThreadsQuerySchema,
  HandoffSchema,
  HelpSearchQuerySchema,
  BuyEnterpriseSchema,
  CannedSchema,
  CurrencyQuerySchema,
  FeedbackQuerySchema,
  FeedbackSchema,
  NewTicketSchema,
  QueueQuerySchema,
  ReplySchema,
  StaffReplySchema,
  StatusSchema,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  TicketIdSchema,
} from '#shared/contracts/support.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as bot from '#server/modules/support/bot.service.ts';
import * as enterprise from '#server/modules/support/enterprise.service.ts';
import * as feedback from '#server/modules/support/feedback.service.ts';
import { helpSearch } from '#server/modules/support/help.service.ts';
import * as support from '#server/modules/support/support.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { csrfVisitorId } from '#server/plugins/csrf.ts';
import { cookieNamesOf } from '#server/plugins/session.ts';
import { read, userOf } from './reads.ts';

const IdSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const isStaff = (u: { isAdmin: boolean; isModerator: boolean }) => u.isAdmin || u.isModerator;

/**
 * The support centre (issue 18): the user's tickets and attachments, the staff queue with canned
 * replies, enterprise support (spec §7 pricing, conditions, buy) and the feedback forms. A ticket
 * of another user reads as missing (404), never as forbidden.
 */
export async function supportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uid = (req: FastifyRequest) => currentUser(req).id;
  const writes = { max: 20, timeWindow: '1 minute' };

  // The user's tickets
  read(app, { path: '/v2/support/tickets', access: 'user', cacheControl: 'no-store', handler: (call) => support.listOwnTickets(call.ctx, userOf(call).id) });
  read(app, { path: '/v2/support/tickets/:id', access: 'user', params: TicketIdSchema, cacheControl: 'no-store', handler: (call) => support.getOwnTicket(call.ctx, userOf(call).id, call.params.id) });
  r.post('/v2/support/tickets', { config: { access: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } }, schema: { body: NewTicketSchema } }, async (req) => support.createTicket(req.ctx, uid(req), req.body));
  r.post('/v2/support/tickets/:id/messages', { config: { access: 'user', rateLimit: writes }, schema: { params: TicketIdSchema, body: ReplySchema } }, async (req) =>
    support.replyAsUser(req.ctx, uid(req), req.params.id, req.body),
  );
  r.post('/v2/support/tickets/:id/close', { config: { access: 'user', rateLimit: writes }, schema: { params: TicketIdSchema } }, async (req) => support.closeByUser(req.ctx, uid(req), req.params.id));

  // Attachments: uploaded first (multipart field `file`), then named by id in a message.
  r.post('/v2/support/attachments', { config: { access: 'user', rateLimit: writes } }, async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
    const file = await req.file({ limits: { fileSize: SUPPORT_ATTACHMENT_MAX_BYTES, files: 1, fields: 2 } });
    if (!file || file.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', 'Send the file in the field "file".');
    const content = await file.toBuffer();
    if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'Attachments are limited to 5 MB.');
    return support.uploadAttachment(req.ctx, uid(req), { filename: file.filename, content });
  });
  r.get('/v2/support/attachments/:id', { config: { access: 'user' }, schema: { params: IdSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const file = await support.readAttachment(req.ctx, { id: user.id, staff: isStaff(user) }, req.params.id);
    const inline = file.contentType.startsWith('image/');
    return reply
      .type(file.contentType)
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });

  // Staff queue (moderators and admins)
  read(app, { path: '/v2/staff/support/tickets', access: 'staff', query: QueueQuerySchema, cacheControl: 'no-store', handler: (call) => support.staffQueue(call.ctx, userOf(call).id, call.query) });
  read(app, { path: '/v2/staff/support/tickets/:id', access: 'staff', params: TicketIdSchema, cacheControl: 'no-store', handler: (call) => support.staffTicket(call.ctx, call.params.id) });
  r.post('/v2/staff/support/tickets/:id/messages', { config: { access: 'staff' }, schema: { params: TicketIdSchema, body: StaffReplySchema } }, async (req) =>
    support.staffReply(req.ctx, uid(req), req.params.id, req.body),
  );
  r.post('/v2/staff/support/tickets/:id/assign', { config: { access: 'staff' }, schema: { params: TicketIdSchema, body: AssignSchema } }, async (req) =>
    support.assignTicket(req.ctx, req.params.id, req.body.assigneeId),
  );
  r.post('/v2/staff/support/tickets/:id/status', { config: { access: 'staff' }, schema: { params: TicketIdSchema, body: StatusSchema } }, async (req) =>
    support.setStatus(req.ctx, req.params.id, req.body.status),
  );
  read(app, { path: '/v2/staff/support/canned', access: 'staff', cacheControl: 'no-store', handler: (call) => support.listCanned(call.ctx) });
  r.post('/v2/staff/support/canned', { config: { access: 'staff' }, schema: { body: CannedSchema } }, async (req) => support.createCanned(req.ctx, uid(req), req.body));
  r.put('/v2/staff/support/canned/:id', { config: { access: 'staff' }, schema: { params: IdSchema, body: CannedSchema } }, async (req) => support.updateCanned(req.ctx, req.params.id, req.body));
  r.delete('/v2/staff/support/canned/:id', { config: { access: 'staff' }, schema: { params: IdSchema } }, async (req) => support.deleteCanned(req.ctx, req.params.id));

  // Help centre search and the support bot. The bot's threads belong to the signed-in user, or
  // to the anonymous visitor (CSRF visitor id) that started them.
  read(app, { path: '/v2/support/search', access: 'public', query: HelpSearchQuerySchema, handler: (call) => helpSearch(call.ctx, call.query) });
  const caller = (req: FastifyRequest) => ({ userId: req.auth?.user?.id ?? null, visitor: csrfVisitorId(req.cookies[cookieNamesOf(req).csrf]) ?? `ip:${req.ip}` });
  r.post('/v2/support/bot/messages', { config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { body: BotMessageSchema } }, async (req) =>
    bot.say(req.ctx, caller(req), { ...req.body, hostname: req.headers.host }),
  );
  r.get('/v2/support/bot/threads/:id', { config: { access: 'public' }, schema: { params: IdSchema, querystring: z.object({ token: z.string().max(100).optional() }) } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return bot.getThread(req.ctx, req.params.id, caller(req), req.query.token);
  });
  r.post('/v2/support/bot/handoff', { config: { access: 'user', rateLimit: { max: 5, timeWindow: '1 minute' } }, schema: { body: HandoffSchema } }, async (req) =>
    bot.handOff(req.ctx, { ...caller(req), userId: uid(req) }, req.body),
  );
  read(app, { path: '/v2/staff/support/bot-threads', access: 'staff', query: BotThreadsQuerySchema, cacheControl: 'no-store', handler: (call) => bot.staffThreads(call.ctx, call.query.filter) });

  // Enterprise support (spec §7)
  read(app, { path: '/v2/user/enterprise_support/pricing', access: 'public', query: CurrencyQuerySchema, handler: (call) => enterprise.pricing(call.ctx, call.query.currency) });
  read(app, {
    path: '/v2/user/enterprise_support/conditions',
    access: 'public',
    query: CurrencyQuerySchema,
    cacheControl: 'private, no-store',
    handler: (call) => enterprise.conditions(call.ctx, call.auth?.user?.id ?? null, call.query.currency),
  });
  r.post('/v2/user/enterprise_support/buy', { config: { access: 'userType', rateLimit: { max: 5, timeWindow: '1 minute' } }, schema: { body: BuyEnterpriseSchema } }, async (req) =>
    enterprise.buy(req.ctx, uid(req), req.body),
  );
  r.put('/v2/user/enterprise_support/auto_renew', { config: { access: 'userType', rateLimit: writes }, schema: { body: AutoRenewSchema } }, async (req) =>
    ({ subscription: await enterprise.setAutoRenew(req.ctx, uid(req), req.body.autoRenew) }),
  );

  // Feedback: anyone (anonymous allowed), a few per minute; the list and export for staff.
  r.post('/v2/support/feedback', { config: { access: 'public', rateLimit: { max: 3, timeWindow: '10 minutes' } }, schema: { body: FeedbackSchema } }, async (req) =>
    feedback.submitFeedback(req.ctx, req.auth?.user?.id ?? null, req.body),
  );
  read(app, { path: '/v2/staff/support/feedback', access: 'staff', query: FeedbackQuerySchema, cacheControl: 'no-store', handler: (call) => feedback.listFeedback(call.ctx, call.query) });
  r.get('/v2/staff/support/feedback.csv', { config: { access: 'staff' }, schema: { querystring: FeedbackQuerySchema } }, async (req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="feedback${req.query.kind ? '-' + req.query.kind : ''}.csv"`)
      .header('cache-control', 'no-store')
      .send(await feedback.feedbackCsv(req.ctx, req.query)),
  );
}
