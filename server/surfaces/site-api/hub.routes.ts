import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HubSettingsSchema, LeaderboardQuerySchema, PRACTICE_TOKEN, PracticeScoreSchema } from '#shared/contracts/hub.ts';
import * as hub from '#server/modules/hub/hub.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read, userOf } from './reads.ts';

/**
 * /api/v2/hub/*: the worker hub (issue 19). Public: the overview figures, the leaderboard (with the
 * caller's own line when signed in) and the practice round; signed-in users with a type: their
 * hub profile and the leaderboard opt-out.
 */
export async function hubRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  read(app, { path: '/v2/hub/overview', access: 'public', cacheControl: 'public, max-age=30', handler: ({ ctx }) => hub.hubOverview(ctx) });
  read(app, {
    path: '/v2/hub/leaderboard',
    access: 'public',
    query: LeaderboardQuerySchema,
    handler: ({ ctx, auth, query }) => hub.getLeaderboard(ctx, query.period, auth?.user?.id ?? null),
  });
  read(app, { path: '/v2/hub/profile', access: 'userType', handler: (c) => hub.getHubProfile(c.ctx, userOf(c).id) });
  r.put('/v2/hub/settings', { config: { access: 'userType' }, schema: { body: HubSettingsSchema } }, async (req) => {
    await hub.setLeaderboardOptOut(req.ctx, currentUser(req).id, req.body.leaderboardOptOut);
    return hub.getHubProfile(req.ctx, currentUser(req).id);
  });
  // The practice round: a fresh set per call; pictures rendered on request (tens of ms each).
  r.get('/v2/hub/practice', { config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return hub.newPracticeRound(req.ctx);
  });
  r.get(
    '/v2/hub/practice/images/:token',
    { config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } }, schema: { params: z.object({ token: z.string().regex(PRACTICE_TOKEN) }) } },
    async (req, reply) => {
      const png = await hub.practicePicture(req.ctx, req.params.token);
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(png);
    },
  );
  r.post('/v2/hub/practice/score', { config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { body: PracticeScoreSchema } }, async (req) =>
    hub.scorePracticeRound(req.ctx, req.body.answers),
  );
}
