import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamSchema, WorkerLanguagesSchema } from '#shared/contracts/worker.ts';
import * as workers from '#server/modules/workers/workers.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read, userOf } from './reads.ts';

/** /api/v2/worker/*: the cabinet's data, training and mistakes. Any signed-in user with a type. */
export async function workerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'userType' as const;

  read(app, { path: '/v2/worker', access, handler: (c) => workers.getWorkerSummary(c.ctx, userOf(c)) });
  r.put('/v2/worker/languages', { config: { access }, schema: { body: WorkerLanguagesSchema } }, async (req) => {
    await workers.setWorkerLanguages(req.ctx, currentUser(req).id, req.body.languages);
    return workers.getWorkerSummary(req.ctx, currentUser(req));
  });
  read(app, { path: '/v2/worker/training', access, handler: (c) => workers.getTraining(c.ctx, userOf(c).id) });
  // Training pictures: PNG only, behind an opaque per-attempt token, for the worker they were issued to.
  r.get(
    '/v2/worker/training/images/:token',
    // Each picture is rendered on request (tens of ms); a page needs nine, the browser caches them.
    { config: { access, rateLimit: { max: 120, timeWindow: '1 minute' } }, schema: { params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }) } },
    async (req, reply) => {
      const png = await workers.getTrainingPicture(req.ctx, currentUser(req).id, req.params.token);
      return reply.type('image/png').header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff').send(png);
    },
  );
  r.post('/v2/worker/training/exam', { config: { access, rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { body: ExamSchema } }, async (req) =>
    workers.submitExam(req.ctx, currentUser(req).id, req.body.attempt, req.body.answers, req.body.timings),
  );
  r.post('/v2/worker/training/restart', { config: { access, rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (req) => {
    await workers.restartTraining(req.ctx, currentUser(req).id);
    return workers.getTraining(req.ctx, currentUser(req).id);
  });
  read(app, { path: '/v2/worker/mistakes', access, handler: (c) => workers.listMistakes(c.ctx, userOf(c).id) });
}
