import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listBlockedWorkers, reviewWorker } from '#server/modules/workers/moderation.service.ts';

/** /api/v2/moderation/workers: workers paused for mistakes, and the moderator's verdict. */
export async function moderationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v2/moderation/workers', { config: { access: 'staff' } }, async (req) => listBlockedWorkers(req.ctx));
  r.post(
    '/v2/moderation/workers/:id',
    {
      config: { access: 'staff' },
      schema: { params: z.object({ id: z.coerce.number().int().positive() }), body: z.object({ action: z.enum(['unblock', 'retrain', 'ban']) }) },
    },
    async (req) => {
      await reviewWorker(req.ctx, req.params.id, req.body.action);
      return { ok: true as const };
    },
  );
}
