import { z } from 'zod';

/** Promo codes: letters, digits, dash and underscore; matched without regard to case. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const PromoCodeSchema = z.string().trim().regex(PROMO_CODE_PATTERN, 'A promo code is 3 to 32 letters, digits, dashes or underscores.').transform((c) => c.toUpperCase());

/** Why a code cannot be used; the web app words each one (`promotions:errors.<reason>`). */
export const PROMO_REFUSALS = ['unknown', 'expired', 'paused', 'exhausted', 'used', 'wrong_kind'] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** POST /api/v2/promo-codes/check: is this code usable by me, and what would it give on `amount`? */
export const CheckPromoCodeSchema = z.object({
  code: PromoCodeSchema,
  /** The top-up in USD (as TopUpRequest.amount); the bonus is computed on it when given. */
  amount: z.string().regex(/^\d{1,5}(\.\d{1,2})?$/).optional(),
});
export type CheckPromoCodeRequest = z.input<typeof CheckPromoCodeSchema>;

export interface PromoCodeCheck {
  code: string;
  kind: 'bonus' | 'credit';
  /** bonus: the percentage of the top-up added. */
  bonusPercent: number | null;
  /** credit: USD credited on redemption; bonus: USD added to `amount` when it was given. */
  amount: string | null;
  expiresAt: string | null;
}

/** POST /api/v2/promo-codes/redeem: a fixed-credit code, credited at once. */
export const RedeemPromoCodeSchema = z.object({ code: PromoCodeSchema });
export interface PromoRedemptionResult {
  code: string;
  /** USD credited. */
  amount: string;
  /** The new balance, USD. */
  balance: string;
}

/** Admin: a new promo code. */
export const CreatePromoCodeSchema = z
  .object({
    code: PromoCodeSchema,
    kind: z.enum(['bonus', 'credit']),
    bonusPercent: z.number().int().min(1).max(100).optional(),
    /** USD, for credit codes. */
    amount: z.string().regex(/^\d{1,5}(\.\d{1,2})?$/).optional(),
    maxUses: z.number().int().min(1).max(1_000_000),
    expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
    note: z.string().trim().max(200).optional(),
  })
  .refine((v) => (v.kind === 'bonus' ? v.bonusPercent !== undefined : v.amount !== undefined && Number(v.amount) > 0), {
    message: 'A bonus code needs bonusPercent; a credit code needs a positive amount.',
    path: ['kind'],
  });
export type CreatePromoCodeRequest = z.input<typeof CreatePromoCodeSchema>;

export interface AdminPromoCode {
  id: number;
  code: string;
  kind: 'bonus' | 'credit';
  bonusPercent: number | null;
  amount: string | null;
  maxUses: number;
  uses: number;
  /** USD credited through the code so far. */
  credited: string;
  expiresAt: string | null;
  paused: boolean;
  /** active, paused, expired or exhausted, as of now. */
  status: 'active' | 'paused' | 'expired' | 'exhausted';
  note: string;
  createdAt: string;
}

export const SetPausedSchema = z.object({ paused: z.boolean() });
export const PromotionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Admin: a new discount campaign. */
export const CreateCampaignSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    types: z.array(z.string().regex(/^[a-z0-9_]{1,40}$/)).min(1).max(64),
    percent: z.number().int().min(1).max(100),
    startsAt: z.string().datetime({ offset: true }),
    endsAt: z.string().datetime({ offset: true }),
  })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), { message: 'The campaign must end after it starts.', path: ['endsAt'] });
export type CreateCampaignRequest = z.input<typeof CreateCampaignSchema>;

/** A running campaign as the public sees it (GET /api/v2/discount-campaigns). */
export interface PublicCampaign {
  id: number;
  name: string;
  percent: number;
  /** Registry slugs; the page names them with `pricing:types.<slug>`. */
  types: string[];
  startsAt: string;
  endsAt: string;
}

export interface AdminCampaign extends PublicCampaign {
  paused: boolean;
  /** scheduled, running, paused or ended, as of now. */
  status: 'scheduled' | 'running' | 'paused' | 'ended';
  /** Tasks charged at the discounted price, and the discount given in all (USD). */
  tasks: number;
  discounted: string;
  createdAt: string;
}
