import type { TrackingEvent } from '#shared/contracts/tracking.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { insertTrackingEvent } from './tracking.repo.ts';

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  visitorId: string | undefined;
}

/** Stores a referral or campaign event (spec §3, §4). */
export async function recordTrackingEvent(ctx: Ctx, event: TrackingEvent, meta: RequestMeta): Promise<{ id: number }> {
  const id = await insertTrackingEvent(ctx.db, {
    type: event.type,
    data: event.data as Record<string, string | boolean>,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512),
    visitorId: meta.visitorId,
  });
  return { id };
}
