import { z } from 'zod';

/** GET /api/v2/customer/prices?currency=: a three-letter code, any case; USD when absent. */
export const PriceListQuerySchema = z.object({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'a three-letter currency code')
    .transform((c) => c.toUpperCase())
    .optional(),
});
export type PriceListQuery = z.infer<typeof PriceListQuerySchema>;

/** One enabled captcha type and what it costs now. Amounts are decimal strings in `currency`. */
export interface TypePrice {
  slug: string;
  /** i18n key of the display name (namespace `pricing`), e.g. `pricing:types.recaptcha_v2`. */
  nameKey: string;
  kind: 'image' | 'token';
  /** in.php `method` values and createTask `type` names that select it. */
  v1Methods: string[];
  v2Types: string[];
  /** Price of 1000 solved captchas now, and the floor and cap it moves between with the load. */
  per1000: string;
  floorPer1000: string;
  capPer1000: string;
  /** What the worker earns for 1000 now, and the share of the price that is. */
  workerPer1000: string;
  workerShare: number;
  /** Queued tasks of the type per idle worker; the price reaches its cap at `fullLoad`. */
  load: number;
  /** Average seconds from upload to answer over the last 24 h; absent without solved tasks. */
  avgSolveSeconds?: number;
  /**
   * A running discount campaign on this type: `per1000` is then the discounted price and
   * `listPer1000` the price without it (the worker's rate is not discounted).
   */
  discount?: { campaignId: number; name: string; percent: number; endsAt: string; listPer1000: string };
}

export interface PriceList {
  currency: string;
  /** Units of `currency` per 1 USD (configured); "1" for USD. */
  rate: string;
  /** Every currency the list can be asked in, USD first. */
  currencies: string[];
  fullLoad: number;
  types: TypePrice[];
}
