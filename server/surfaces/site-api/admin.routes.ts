import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdjustBalanceSchema, AdminUserQuerySchema, PostSystemMessageSchema, SetBlockedSchema, SetPermissionSchema } from '#shared/contracts/admin.ts';
import { CaptchaTypeSlugParamsSchema, SetCaptchaTypeEnabledSchema } from '#shared/contracts/catalog.ts';
import * as catalog from '#server/modules/catalog/catalog.service.ts';
import * as users from '#server/modules/users/users.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read } from './reads.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** /api/v2/admin/*: user administration, the mail outbox and the captcha type switches. Admins only. */
export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'admin' as const;

  read(app, { path: '/v2/admin/users', access, query: AdminUserQuerySchema, handler: ({ ctx, query }) => users.findUsers(ctx, query.q, query.page) });
  r.put('/v2/admin/users/:id/permissions', { config: { access }, schema: { params: IdParams, body: SetPermissionSchema } }, async (req) =>
    users.setPermission(req.ctx, req.params.id, req.body.permission, req.body.granted, currentUser(req).id),
  );
  r.put('/v2/admin/users/:id/blocked', { config: { access }, schema: { params: IdParams, body: SetBlockedSchema } }, async (req) =>
    users.setBlocked(req.ctx, req.params.id, req.body.blocked, currentUser(req).id),
  );
  r.post('/v2/admin/users/:id/balance', { config: { access }, schema: { params: IdParams, body: AdjustBalanceSchema } }, async (req) =>
    users.adjustBalance(req.ctx, req.params.id, req.body, currentUser(req).id),
  );
  r.post('/v2/admin/users/:id/system-messages', { config: { access }, schema: { params: IdParams, body: PostSystemMessageSchema } }, async (req) =>
    users.postSystemMessage(req.ctx, req.params.id, req.body.message, currentUser(req).id),
  );
  read(app, { path: '/v2/admin/outbox', access, handler: ({ ctx }) => ctx.mailer.outbox().slice(0, 200) });

  read(app, { path: '/v2/admin/captcha-types', access, handler: ({ ctx }) => catalog.listCaptchaTypesForAdmin(ctx) });
  r.put('/v2/admin/captcha-types/:slug', { config: { access }, schema: { params: CaptchaTypeSlugParamsSchema, body: SetCaptchaTypeEnabledSchema } }, async (req) =>
    catalog.setTypeEnabled(req.ctx, req.params.slug, req.body.enabled, currentUser(req).id),
  );
}
