import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamReviewSchema } from '#shared/contracts/moderation.ts';
import { evidenceMedia, listBlockedWorkers, listFlaggedExams, reviewExam, reviewWorker, setWorkerTrusted } from '#server/modules/workers/moderation.service.ts';
import { asActor } from '#server/modules/finance/audit.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read } from './reads.ts';

/**
 * /api/v2/moderation/workers: workers paused for mistakes, and the moderator's verdict
 * (unblock, retrain, ban); trust / untrust make any worker a trusted re-solver of reported images.
 * /api/v2/moderation/exams: flagged training exams with a passing score (docs/security.md,
 * "Worker exam integrity"), approved (the worker qualifies) or rejected.
 */
export async function moderationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  read(app, { path: '/v2/moderation/workers', access: 'staff', handler: ({ ctx }) => listBlockedWorkers(ctx) });
  r.get('/v2/moderation/tasks/:id/image', { config: { access: 'staff' }, schema: { params: z.object({ id: z.coerce.number().int().positive() }) } }, async (req, reply) => {
    const media = await evidenceMedia(req.ctx, req.params.id);
    return reply.type(media.contentType).header('cache-control', 'private, max-age=300').header('x-content-type-options', 'nosniff').send(media.data);
  });
  r.post(
    '/v2/moderation/workers/:id',
    {
      config: { access: 'staff' },
      schema: { params: z.object({ id: z.coerce.number().int().positive() }), body: z.object({ action: z.enum(['unblock', 'retrain', 'ban', 'trust', 'untrust']) }) },
    },
    async (req) => {
      const { action } = req.body;
      // In a transaction naming the moderator: the audit log records the worker's change (modules/finance/audit).
      await asActor(req.ctx, currentUser(req).id, `moderation: ${action}`, (ctx) =>
        action === 'trust' || action === 'untrust' ? setWorkerTrusted(ctx, req.params.id, action === 'trust') : reviewWorker(ctx, req.params.id, action),
      );
      return { ok: true as const };
    },
  );
  read(app, { path: '/v2/moderation/exams', access: 'staff', handler: ({ ctx }) => listFlaggedExams(ctx) });
  r.post(
    '/v2/moderation/exams/:id',
    { config: { access: 'staff' }, schema: { params: z.object({ id: z.coerce.number().int().positive() }), body: ExamReviewSchema } },
    async (req) => {
      const moderatorId = currentUser(req).id;
      await asActor(req.ctx, moderatorId, `moderation: exam ${req.body.action}`, (ctx) => reviewExam(ctx, req.params.id, req.body.action, moderatorId));
      return { ok: true as const };
    },
  );
}
