import { z } from 'zod';

export { UTM_FIELDS } from '../utm.ts';
import { UTM_FIELDS } from '../utm.ts';

const field = z.string().trim().max(512);

export const ReferralEventSchema = z.object({
  type: z.literal('referral'),
  data: z.object({ from: field.min(1), source: field.optional(), unique: z.union([z.boolean(), field]).optional() }).strict(),
});

export const CampaignEventSchema = z.object({
  type: z.literal('campaign'),
  data: z
    .object(Object.fromEntries(UTM_FIELDS.map((f) => [f, field.optional()])) as Record<(typeof UTM_FIELDS)[number], z.ZodOptional<typeof field>>)
    .extend({ utm_id: field.optional() })
    .strict()
    .refine((d) => Boolean(d.utm_source), { message: 'utm_source is required', path: ['utm_source'] }),
});

export const TrackingEventSchema = z.discriminatedUnion('type', [ReferralEventSchema, CampaignEventSchema]);
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;
export type TrackingEventResponse = { ok: true; id: number };
