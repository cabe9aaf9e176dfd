import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TrackingEventSchema } from '#shared/contracts/tracking.ts';
import { recordTrackingEvent } from '#server/modules/tracking/tracking.service.ts';
import { csrfVisitorId } from '#server/plugins/csrf.ts';
import { cookieNamesOf } from '#server/plugins/session.ts';

/** POST /api/v1/event-tracker: referral and campaign events (spec §7). Open to visitors. */
export async function eventTrackerRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/event-tracker',
    { schema: { body: TrackingEventSchema }, config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (req) => {
      const { id } = await recordTrackingEvent(
        req.ctx,
        req.body,
        { ip: req.ip, userAgent: req.headers['user-agent'], visitorId: csrfVisitorId(req.cookies[cookieNamesOf(req).csrf]) },
      );
      return { ok: true as const, id };
    },
  );
}
