import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GraphQuerySchema, LogPageQuerySchema, TaskIdParamsSchema, TestCaptchaSchema } from '#shared/contracts/customer-logs.ts';
import * as logs from '#server/modules/customer/logs.service.ts';
import * as uploads from '#server/modules/customer/uploads.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read, userOf } from './reads.ts';

/** A task image may only be shown by our pages: no scripts, no framing, never cached on the way. */
const IMAGE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox";

/**
 * /api/v2/customer/*: the customer's logs, uploads, graphs and test submissions
 * (spec §2 /setting/…, /statistics/…, /testcaptcha). Every row is the caller's own.
 */
export async function customerLogsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'userType' as const;
  const byId = { params: TaskIdParamsSchema };

  const query = LogPageQuerySchema;
  read(app, { path: '/v2/customer/impossible-captchas', access, query, handler: (c) => logs.listImpossible(c.ctx, userOf(c).id, c.query) });
  read(app, { path: '/v2/customer/api-errors', access, query, handler: (c) => logs.listApiErrors(c.ctx, userOf(c).id, c.query) });
  read(app, { path: '/v2/customer/complaints', access, query, handler: (c) => logs.listComplaints(c.ctx, userOf(c).id, c.query) });
  read(app, { path: '/v2/customer/not-captcha', access, query, handler: (c) => logs.listNotCaptcha(c.ctx, userOf(c).id, c.query) });
  r.delete('/v2/customer/not-captcha/:id', { config: { access }, schema: byId }, async (req) => {
    await logs.dismissNotCaptcha(req.ctx, currentUser(req).id, req.params.id);
    return { ok: true as const };
  });
  read(app, { path: '/v2/customer/pingbacks', access, query, handler: (c) => logs.listPingbacks(c.ctx, userOf(c).id, c.query) });

  read(app, { path: '/v2/customer/uploads', access, query, handler: (c) => uploads.listUploads(c.ctx, userOf(c).id, c.query) });
  r.post('/v2/customer/uploads/:id/report', { config: { access, rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: byId }, async (req) =>
    uploads.reportUpload(req.ctx, currentUser(req).id, req.params.id),
  );
  r.get('/v2/customer/tasks/:id', { config: { access }, schema: byId }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return uploads.getUpload(req.ctx, currentUser(req).id, req.params.id);
  });
  r.get('/v2/customer/tasks/:id/image', { config: { access }, schema: byId }, async (req, reply) => {
    const image = await logs.getTaskImage(req.ctx, currentUser(req).id, req.params.id);
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', IMAGE_CSP)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });

  read(app, { path: '/v2/customer/graph', access, query: GraphQuerySchema, handler: (c) => uploads.getGraph(c.ctx, userOf(c).id, c.query) });
  r.post('/v2/customer/testcaptcha', { config: { access, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { body: TestCaptchaSchema } }, async (req) =>
    uploads.submitTestCaptcha(req.ctx, currentUser(req), req.body, req.ip),
  );
}
