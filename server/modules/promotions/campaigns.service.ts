/**
 * Discount campaigns (issue 11 §6): `percent` off the live price of some captcha types between two
 * instants. modules/pricing applies the discount (quote's third argument): submissions through
 * in.php / createTask are charged the discounted price, the price list shows it, the worker's
 * reward is not discounted (the platform pays for the campaign), and a discounted price may go
 * below the type's floor, never below zero. Overlapping campaigns on one type do not add up: the
 * largest percentage applies.
 *
 * Each node caches the campaigns not yet ended (running and scheduled) like the catalog switches:
 * for at most CACHE_TTL_MS, dropped at once on a NOTIFY on `campaigns` (every change sends one),
 * and whether one runs is decided per call against its start and end, so a campaign starts and
 * ends on time without a reload. Listeners (the page cache) hear every change and every start and
 * end (a timer per node at the next boundary).
 */
import { getCaptchaType } from '#shared/captcha-types/index.ts';
import type { AdminCampaign, CreateCampaignRequest, PublicCampaign } from '#shared/contracts/promotions.ts';
import { formatMoney } from '#shared/money.ts';
import type { Database, Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import * as repo from './promotions.repo.ts';

export const CAMPAIGN_CHANNEL = 'campaigns';
export const CACHE_TTL_MS = 2_000;
/** Use counters are written to the campaigns this often (and when the app closes). */
export const USAGE_FLUSH_MS = 5_000;
/** setTimeout's limit is about 24.8 days: longer waits are taken in steps. */
const MAX_TIMER_MS = 6 * 60 * 60 * 1000;

export interface LiveCampaign {
  id: number;
  name: string;
  percent: number;
  types: readonly string[];
  startsAt: number;
  endsAt: number;
}

interface Entry {
  campaigns: readonly LiveCampaign[];
  loadedAt: number;
  loading?: Promise<readonly LiveCampaign[]>;
}

let cache = new WeakMap<object, Entry>();
const changeListeners = new Set<() => void>();

export function invalidateCampaignCache() {
  cache = new WeakMap();
  for (const listener of changeListeners) listener();
}

/** Calls `listener` on every campaign change (this node's or NOTIFYed) and every start and end this node saw; returns the unsubscribe. */
export function onCampaignChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

const live = (row: repo.CampaignRow): LiveCampaign => ({
  id: row.id,
  name: row.name,
  percent: row.percent,
  types: row.types,
  startsAt: row.startsAt.getTime(),
  endsAt: row.endsAt.getTime(),
});

/** The campaigns not paused and not yet ended, from a cache at most CACHE_TTL_MS old. */
export async function liveCampaigns(ctx: Pick<Ctx, 'db'>): Promise<readonly LiveCampaign[]> {
  const store = cache;
  const entry = store.get(ctx.db);
  if (entry && Date.now() - entry.loadedAt < CACHE_TTL_MS) return entry.campaigns;
  if (entry?.loading) return entry.loading;
  const loading = repo.listLiveCampaigns(ctx.db).then(
    (rows) => {
      const campaigns = rows.map(live);
      store.set(ctx.db, { campaigns, loadedAt: Date.now() });
      return campaigns;
    },
    (err: unknown) => {
      store.delete(ctx.db);
      throw err;
    },
  );
  store.set(ctx.db, { campaigns: entry?.campaigns ?? [], loadedAt: 0, loading });
  return loading;
}

const runs = (c: LiveCampaign, now: number) => c.startsAt <= now && now < c.endsAt;

/** The campaign discounting `slug` at `now` (the largest percentage), or null. */
export function campaignAt(campaigns: readonly LiveCampaign[], slug: string, now = Date.now()): LiveCampaign | null {
  let best: LiveCampaign | null = null;
  for (const c of campaigns) if (runs(c, now) && c.types.includes(slug) && (!best || c.percent > best.percent)) best = c;
  return best;
}

/** The campaign discounting a type now, or null (the submission hot path: a cache read). */
export async function campaignFor(ctx: Pick<Ctx, 'db'>, slug: string): Promise<LiveCampaign | null> {
  return campaignAt(await liveCampaigns(ctx), slug);
}

/** Every running campaign, as the public page lists them (soonest end first). */
export async function runningCampaigns(ctx: Pick<Ctx, 'db'>): Promise<PublicCampaign[]> {
  const now = Date.now();
  return (await liveCampaigns(ctx))
    .filter((c) => runs(c, now))
    .sort((a, b) => a.endsAt - b.endsAt || a.id - b.id)
    .map((c) => ({ id: c.id, name: c.name, percent: c.percent, types: [...c.types], startsAt: new Date(c.startsAt).toISOString(), endsAt: new Date(c.endsAt).toISOString() }));
}

// Use counters: per database handle, in memory, added to the rows every USAGE_FLUSH_MS.

const usage = new WeakMap<object, Map<number, { tasks: number; discounted: number }>>();

/** Counts one submission charged at a campaign's discount (`discounted`: micro-USD not charged). */
export function recordCampaignUse(ctx: Pick<Ctx, 'db'>, campaignId: number, discounted: number) {
  let byId = usage.get(ctx.db);
  if (!byId) usage.set(ctx.db, (byId = new Map()));
  const u = byId.get(campaignId) ?? { tasks: 0, discounted: 0 };
  u.tasks += 1;
  u.discounted += discounted;
  byId.set(campaignId, u);
}

/** Writes the counted use of this node to the campaigns (one statement). */
export async function flushCampaignUsage(db: Db) {
  const byId = usage.get(db);
  if (!byId || byId.size === 0) return;
  usage.delete(db);
  const rows = [...byId].map(([id, u]) => ({ id, ...u }));
  try {
    await repo.addCampaignUsage(db, rows);
  } catch (err) {
    // Put them back for the next flush.
    for (const r of rows) recordBack(db, r);
    throw err;
  }
}

function recordBack(db: Db, r: { id: number; tasks: number; discounted: number }) {
  let byId = usage.get(db);
  if (!byId) usage.set(db, (byId = new Map()));
  const u = byId.get(r.id) ?? { tasks: 0, discounted: 0 };
  byId.set(r.id, { tasks: u.tasks + r.tasks, discounted: u.discounted + r.discounted });
}

// Admin

function presentCampaign(row: repo.CampaignRow, now = Date.now()): AdminCampaign {
  const status: AdminCampaign['status'] = row.endsAt.getTime() <= now ? 'ended' : row.paused ? 'paused' : row.startsAt.getTime() > now ? 'scheduled' : 'running';
  return {
    id: row.id,
    name: row.name,
    percent: row.percent,
    types: row.types,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    paused: row.paused,
    status,
    tasks: row.tasks,
    discounted: formatMoney(row.discounted),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCampaignsForAdmin(ctx: Ctx): Promise<AdminCampaign[]> {
  await flushCampaignUsage(ctx.db).catch((err: unknown) => ctx.log.error({ err }, 'campaign usage flush failed'));
  return (await repo.listCampaigns(ctx.db, 500)).map((r) => presentCampaign(r));
}

async function changed(ctx: Ctx, id: number) {
  invalidateCampaignCache();
  await repo.notifyChannel(ctx.db, CAMPAIGN_CHANNEL, String(id));
}

/** @throws AppError VALIDATION_FAILED for a slug outside the registry */
export async function createCampaign(ctx: Ctx, input: CreateCampaignRequest, adminId: number): Promise<AdminCampaign> {
  const unknown = input.types.filter((slug) => !getCaptchaType(slug));
  if (unknown.length) throw new AppError('VALIDATION_FAILED', `No captcha type ${unknown.join(', ')}.`, { types: unknown });
  const row = await repo.insertCampaign(ctx.db, {
    name: input.name,
    types: [...new Set(input.types)],
    percent: input.percent,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    createdBy: adminId,
  });
  await changed(ctx, row.id);
  ctx.log.info({ campaignId: row.id, percent: row.percent, types: row.types, adminId }, 'discount campaign created');
  return presentCampaign(row);
}

/** @throws AppError NOT_FOUND */
export async function setCampaignPaused(ctx: Ctx, id: number, paused: boolean, adminId: number): Promise<AdminCampaign> {
  const row = await repo.setCampaignPaused(ctx.db, id, paused);
  if (!row) throw new AppError('NOT_FOUND', 'No such campaign.');
  await changed(ctx, row.id);
  ctx.log.info({ campaignId: row.id, paused, adminId }, 'discount campaign paused or resumed');
  return presentCampaign(row);
}

/**
 * Per node: LISTENs for campaign changes made on other nodes, wakes at each campaign's start and
 * end (listeners hear it: cached pages showing prices are dropped), and writes use counters every
 * USAGE_FLUSH_MS. Returns the stop (call it on close; it flushes the counters).
 */
export async function watchCampaigns(database: Pick<Database, 'listen' | 'db'>, log: Ctx['log']): Promise<() => Promise<void>> {
  const db = database.db;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = async () => {
    clearTimeout(timer);
    if (stopped) return;
    let campaigns: readonly LiveCampaign[];
    try {
      campaigns = await liveCampaigns({ db });
    } catch (err) {
      log.error({ err }, 'campaigns could not be read; retrying');
      timer = setTimeout(() => void schedule(), 10_000);
      timer.unref();
      return;
    }
    const now = Date.now();
    const next = Math.min(...campaigns.flatMap((c) => [c.startsAt, c.endsAt]).filter((t) => t > now));
    if (!Number.isFinite(next) || stopped) return;
    const wait = next - now;
    clearTimeout(timer);
    timer = setTimeout(() => (wait > MAX_TIMER_MS ? void schedule() : invalidateCampaignCache()), Math.min(wait, MAX_TIMER_MS) + 5);
    timer.unref();
  };
  // Every change (and every boundary, through invalidateCampaignCache) schedules the next wake-up.
  const unsubscribe = onCampaignChange(() => void schedule());
  const unlisten = await database.listen(CAMPAIGN_CHANNEL, () => invalidateCampaignCache());
  const flusher = setInterval(() => void flushCampaignUsage(db).catch((err: unknown) => log.error({ err }, 'campaign usage flush failed')), USAGE_FLUSH_MS);
  flusher.unref();
  await schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(flusher);
    unsubscribe();
    await unlisten();
    await flushCampaignUsage(db).catch((err: unknown) => log.error({ err }, 'campaign usage flush failed'));
  };
}
