import { parseMoney } from '#shared/money.ts';
import type { CaptchaTypeDef } from '#shared/captcha-types/index.ts';

/**
 * Load-based pricing: the price of a type moves between its floor and its cap with the load,
 * queued tasks of that type per idle qualified worker. At load ≤ 1 the floor applies; at
 * load ≥ FULL_LOAD the cap. The worker's rate is the price times the type's share.
 *
 * A running discount campaign (modules/promotions) takes its percentage off that live price:
 * the discounted price may go below the floor (never below zero), while the worker's reward stays
 * what it is without the discount — the platform pays for the campaign.
 */
export const FULL_LOAD = 10;

export interface Quote {
  /** Micro-USD per 1000 captchas, discounted when a campaign runs. */
  per1000: number;
  /** Micro-USD charged for one captcha (discounted), and what the worker earns for it (never discounted). */
  price: number;
  reward: number;
  /** The same without the discount (equal to per1000 and price without a campaign). */
  listPer1000: number;
  listPrice: number;
}

export function quote(type: Pick<CaptchaTypeDef, 'price'>, load: number, discountPercent = 0): Quote {
  const floor = parseMoney(type.price.floorPer1000);
  const cap = parseMoney(type.price.capPer1000);
  const t = Math.min(1, Math.max(0, (load - 1) / (FULL_LOAD - 1)));
  const listPer1000 = Math.round(floor + (cap - floor) * t);
  const listPrice = Math.round(listPer1000 / 1000);
  const pct = Math.min(100, Math.max(0, Math.trunc(discountPercent)));
  // Integers throughout: micro-USD × whole percent, rounded half up once.
  const per1000 = pct === 0 ? listPer1000 : Math.max(0, Math.round((listPer1000 * (100 - pct)) / 100));
  const price = pct === 0 ? listPrice : Math.max(0, Math.round(per1000 / 1000));
  return { per1000, price, reward: Math.floor(listPrice * type.price.workerShare), listPer1000, listPrice };
}
