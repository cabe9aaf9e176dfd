import type { Db } from '#server/db/client.ts';
import { trackingEvents } from '#server/db/schema/index.ts';

export type NewTrackingEvent = typeof trackingEvents.$inferInsert;

/** Inserts one event and returns its id. */
export async function insertTrackingEvent(db: Db, event: NewTrackingEvent): Promise<number> {
  const [row] = await db.insert(trackingEvents).values(event).returning({ id: trackingEvents.id });
  return row!.id;
}
