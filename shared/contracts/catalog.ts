import { z } from 'zod';

/** One captcha type as the admin's "Captcha types" tab shows it (GET /api/v2/admin/captcha-types). */
export interface AdminCaptchaType {
  slug: string;
  kind: 'image' | 'token';
  enabled: boolean;
  /** The live price per 1000 in USD (floor to cap with the current load). */
  pricePer1000: string;
  /** Tasks of this type waiting for a worker now. */
  queued: number;
  /** The last switch: when and by which admin; null when never switched. */
  updatedAt: string | null;
  updatedBy: number | null;
}

export const CaptchaTypeSlugParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9_]{1,40}$/) });
export const SetCaptchaTypeEnabledSchema = z.object({ enabled: z.boolean() });
