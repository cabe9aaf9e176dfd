import { parseMoney } from '#shared/money.ts';
import type { CaptchaTypeDef } from '#shared/captcha-types/index.ts';

/**
 * Load-based pricing: the price of a type moves between its floor and its cap with the load,
 * queued tasks of that type per idle qualified worker. At load ≤ 1 the floor applies; at
 * load ≥ FULL_LOAD the cap. The worker's rate is the price times the type's share.
 */
export const FULL_LOAD = 10;

export interface Quote {
  /** Micro-USD per 1000 captchas. */
  per1000: number;
  /** Micro-USD charged for one captcha, and what the worker earns for it. */
  price: number;
  reward: number;
}

export function quote(type: Pick<CaptchaTypeDef, 'price'>, load: number): Quote {
  const floor = parseMoney(type.price.floorPer1000);
  const cap = parseMoney(type.price.capPer1000);
  const t = Math.min(1, Math.max(0, (load - 1) / (FULL_LOAD - 1)));
  const per1000 = Math.round(floor + (cap - floor) * t);
  const price = Math.round(per1000 / 1000);
  return { per1000, price, reward: Math.floor(price * type.price.workerShare) };
}
