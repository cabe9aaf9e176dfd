import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import type { PriceList, TypePrice } from '#shared/contracts/pricing.ts';
import { parseMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { disabledTypes } from '#server/modules/catalog/catalog.service.ts';
import { campaignAt, liveCampaigns } from '#server/modules/promotions/campaigns.service.ts';
import { convertMicros, minorDigits } from './currency.ts';
import { averageSolveMsByType } from './pricing.repo.ts';
import { FULL_LOAD, quote } from './pricing.service.ts';

/** The currencies prices can be shown in, USD first, and each one's rate per 1 USD. */
export function currencyRates(ctx: Pick<Ctx, 'config'>): Record<string, string> {
  return { USD: '1', ...ctx.config.CURRENCY_RATES };
}

/** Average solving times change slowly: one roll-up read per database handle per minute. */
const SOLVE_TIMES_TTL_MS = 60_000;
const solveTimes = new WeakMap<object, { at: number; value: Promise<Record<string, number>> }>();

function averageSolveTimes(ctx: Pick<Ctx, 'db'>): Promise<Record<string, number>> {
  const cached = solveTimes.get(ctx.db);
  if (cached && Date.now() - cached.at < SOLVE_TIMES_TTL_MS) return cached.value;
  const value = averageSolveMsByType(ctx.db, new Date(Date.now() - 86_400_000));
  solveTimes.set(ctx.db, { at: Date.now(), value });
  value.catch(() => solveTimes.delete(ctx.db));
  return value;
}

/**
 * The public price list: every enabled type at its live price (what a task uploaded now is
 * charged, per 1000, after a running discount campaign's percentage, with the campaign), its floor
 * and cap, and what a worker earns for 1000 now (never discounted), converted exactly
 * from micro-USD into `currency` and rounded half up to the currency's minor unit.
 * @throws AppError UNSUPPORTED_CURRENCY for a currency without a configured rate
 */
export async function listPrices(ctx: Ctx, currency = 'USD'): Promise<PriceList> {
  const rates = currencyRates(ctx);
  const rate = rates[currency];
  if (rate === undefined) {
    throw new AppError('UNSUPPORTED_CURRENCY', `Prices are not available in ${currency}.`, { supported: Object.keys(rates) });
  }
  const [disabled, times, campaigns] = await Promise.all([disabledTypes(ctx), averageSolveTimes(ctx), liveCampaigns(ctx)]);
  const now = Date.now();
  const digits = minorDigits(currency);
  const money = (micros: number) => convertMicros(micros, rate, digits);
  const types = CAPTCHA_TYPES.filter((def) => !disabled.has(def.slug)).map((def): TypePrice => {
    const load = ctx.market?.loadOf(def.slug) ?? 0;
    const campaign = campaignAt(campaigns, def.slug, now);
    const q = quote(def, load, campaign?.percent ?? 0);
    const ms = times[def.slug];
    return {
      slug: def.slug,
      nameKey: `pricing:types.${def.slug}`,
      kind: def.kind,
      v1Methods: def.v1.methods,
      v2Types: def.v2Types,
      per1000: money(q.per1000),
      floorPer1000: money(parseMoney(def.price.floorPer1000)),
      capPer1000: money(parseMoney(def.price.capPer1000)),
      // What a worker is credited per captcha, times 1000.
      workerPer1000: money(q.reward * 1000),
      workerShare: def.price.workerShare,
      load: Math.round(load * 100) / 100,
      ...(ms === undefined ? {} : { avgSolveSeconds: Math.round(ms / 100) / 10 }),
      ...(campaign
        ? { discount: { campaignId: campaign.id, name: campaign.name, percent: campaign.percent, endsAt: new Date(campaign.endsAt).toISOString(), listPer1000: money(q.listPer1000) } }
        : {}),
    };
  });
  return { currency, rate, currencies: Object.keys(rates), fullLoad: FULL_LOAD, types };
}
