import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Referral and campaign events posted by the web app (spec §3, §4). */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type', { enum: ['referral', 'campaign'] }).notNull(),
    data: jsonb('data').$type<Record<string, string | boolean>>().notNull(),
    visitorId: text('visitor_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_events_type_created_idx').on(t.type, t.createdAt)],
);
