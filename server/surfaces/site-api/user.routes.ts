import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SystemMessageReadSchema, UpdateUserSchema } from '#shared/contracts/user.ts';
import { currentUser } from '#server/plugins/access.ts';
import { presentCurrentUser, readSystemMessage, updateCurrentUser } from '#server/modules/users/users.service.ts';
import { read, userOf } from './reads.ts';

/** /api/v2/user (spec §3, §7). */
export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  read(app, { path: '/v2/user', access: 'user', cacheControl: 'no-store', handler: (call) => presentCurrentUser(call.ctx, userOf(call)) });

  r.put('/v2/user', { config: { access: 'user' }, schema: { body: UpdateUserSchema } }, async (req) => {
    const user = await updateCurrentUser(req.ctx, currentUser(req).id, req.body);
    return presentCurrentUser(req.ctx, user);
  });

  r.put('/v2/user/system_message_read', { config: { access: 'user' }, schema: { body: SystemMessageReadSchema } }, async (req) => {
    await readSystemMessage(req.ctx, currentUser(req).id, req.body.id);
    return { ok: true as const };
  });
}
