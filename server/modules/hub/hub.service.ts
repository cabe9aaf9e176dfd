import { createHmac, randomBytes } from 'node:crypto';
import { formatMoney } from '#shared/money.ts';
import {
  LEADERBOARD_SIZE,
  REWARD_RULES,
  type HubOverview,
  type HubProfile,
  type Leaderboard,
  type LeaderboardPeriod,
  type LeaderboardRow,
  type PracticeItem,
  type PracticeScore,
} from '#shared/contracts/hub.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { getOrCreateSecret } from '#server/modules/settings/secrets.repo.ts';
import { renderTrainingPicture } from '#server/modules/workers/training-render.ts';
import { itemSeed } from '#server/modules/workers/training-items.ts';
import * as repo from './hub.repo.ts';
import { newPracticeToken, PRACTICE_KINDS, practiceItem, practiceView, scorePractice } from './practice.ts';
import { addDays, dayOf, dueRewards, levelOf, streakEndingOn, tierOn } from './rewards.ts';

const DAY_MS = 86_400_000;
/** The overview's window for earnings by type. */
export const OVERVIEW_DAYS = 7;
/** The rewards job looks back this many completed days (a missed run catches up). */
export const REWARD_PAY_DAYS = 7;

const secret = (ctx: Pick<Ctx, 'db'>, key: string) => getOrCreateSecret(ctx.db, key, () => randomBytes(32).toString('hex'));

const ADJECTIVES = ['swift', 'quiet', 'bright', 'steady', 'keen', 'calm', 'bold', 'clever', 'nimble', 'patient', 'sharp', 'lucky', 'brave', 'gentle', 'sunny', 'witty'];
const ANIMALS = ['otter', 'falcon', 'lynx', 'heron', 'badger', 'fox', 'panda', 'owl', 'koala', 'marten', 'puffin', 'ibex', 'gecko', 'crane', 'bison', 'robin'];

/** A stable pseudonym for an account: HMAC of its id, so the name says nothing about the account. */
export function pseudonym(key: string, userId: number): string {
  const h = createHmac('sha256', key).update(`worker:${userId}`).digest();
  return `${ADJECTIVES[h[0]! % ADJECTIVES.length]}-${ANIMALS[h[1]! % ANIMALS.length]}-${h.readUInt16BE(2).toString(16).padStart(4, '0')}`;
}

/** The start of the leaderboard period containing `now`: the UTC day, the ISO week (Monday), the month. */
export function periodStart(period: LeaderboardPeriod, now = new Date()): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (period === 'day') return new Date(day);
  if (period === 'week') return new Date(day - ((now.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

const accuracyOf = (solved: number, judged: number) => (judged > 0 ? Math.round((solved / judged) * 1000) / 10 : null);

export async function hubOverview(ctx: Pick<Ctx, 'db'>): Promise<HubOverview> {
  const from = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - OVERVIEW_DAYS * DAY_MS);
  const [online, byType] = await Promise.all([repo.workersOnlineNow(ctx.db), repo.earningsByType(ctx.db, from)]);
  return {
    workersOnline: online,
    earnings: byType
      .filter((r) => r.workMs > 0)
      .map((r) => ({ type: r.type, solved: r.solved, perHour: formatMoney(Math.floor((r.earned / r.workMs) * 3_600_000)), per1000: formatMoney(Math.floor((r.earned / r.solved) * 1000)) })),
    days: OVERVIEW_DAYS,
    updatedAt: new Date().toISOString(),
  };
}

/**
 * The public rows of each period are kept 30 s per process (one scan of the period's answers per
 * node and period, not one per view); a signed-in worker's own line is always read fresh, and an
 * opt-out change clears this node's copy at once (other nodes follow within 30 s).
 */
export const LEADERBOARD_CACHE_MS = 30_000;
const boards = new WeakMap<object, Map<string, { at: number; rows: repo.RankedFigures[] }>>();

async function leaderboardRows(ctx: Pick<Ctx, 'db'>, period: LeaderboardPeriod, from: Date): Promise<repo.RankedFigures[]> {
  let cache = boards.get(ctx.db);
  if (!cache) boards.set(ctx.db, (cache = new Map()));
  const key = `${period}|${from.toISOString()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < LEADERBOARD_CACHE_MS) return hit.rows;
  const { rows } = await repo.leaderboard(ctx.db, from, LEADERBOARD_SIZE, null);
  cache.set(key, { at: Date.now(), rows });
  return rows;
}

export async function getLeaderboard(ctx: Pick<Ctx, 'db'>, period: LeaderboardPeriod, meId: number | null): Promise<Leaderboard> {
  const from = periodStart(period);
  const [key, rows, mine, optedOut] = await Promise.all([
    secret(ctx, 'hub-pseudonyms'),
    leaderboardRows(ctx, period, from),
    meId === null ? Promise.resolve(null) : repo.leaderboard(ctx.db, from, 0, meId).then((b) => b.me),
    meId === null ? Promise.resolve(false) : repo.findOptOut(ctx.db, meId),
  ]);
  const board = { rows, me: mine };
  const row = (r: repo.WorkerFigures, rank: number): LeaderboardRow => ({
    rank,
    name: pseudonym(key, r.userId),
    solved: r.solved,
    accuracy: accuracyOf(r.solved, r.judged),
    earned: formatMoney(r.earned),
  });
  const me =
    meId === null
      ? null
      : { ...row(board.me ?? { userId: meId, solved: 0, judged: 0, earned: 0 }, board.me?.rank ?? 0), listed: board.me?.rank != null, optedOut };
  return { period, from: from.toISOString(), rows: board.rows.map((r) => row(r, r.rank)), me };
}

export async function getHubProfile(ctx: Pick<Ctx, 'db'>, userId: number): Promise<HubProfile> {
  const today = dayOf(Date.now());
  const from = new Date(Date.parse(`${addDays(today, -(14 + REWARD_RULES.tierWindowDays))}T00:00:00Z`));
  const [key, days, lifetime, rewards, optOut] = await Promise.all([
    secret(ctx, 'hub-pseudonyms'),
    repo.dailyFigures(ctx.db, from, userId),
    repo.lifetimeSolved(ctx.db, [userId]),
    repo.rewardsOf(ctx.db, userId, 50),
    repo.findOptOut(ctx.db, userId),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const solvedTotal = lifetime.get(userId) ?? 0;
  const streakToday = streakEndingOn(byDay, today);
  const tier = tierOn(byDay, today);
  const trend = Array.from({ length: 14 }, (_, i) => {
    const day = addDays(today, i - 13);
    const f = byDay.get(day);
    return { day, solved: f?.solved ?? 0, judged: f?.judged ?? 0, accuracy: accuracyOf(f?.solved ?? 0, f?.judged ?? 0) };
  });
  return {
    name: pseudonym(key, userId),
    ...levelOf(solvedTotal),
    solvedTotal,
    badges: rewards.filter((r) => r.kind === 'milestone').map((r) => ({ solved: Number(r.detail.solved), earnedAt: r.createdAt })).sort((a, b) => a.solved - b.solved),
    streak: streakToday > 0 ? streakToday : streakEndingOn(byDay, addDays(today, -1)),
    solvedToday: byDay.get(today)?.solved ?? 0,
    tier: tier.tier,
    accuracy7d: tier.accuracy,
    trend,
    rewards: rewards.map((r) => ({ ...r, amount: formatMoney(r.amount) })),
    leaderboardOptOut: optOut,
  };
}

export async function setLeaderboardOptOut(ctx: Pick<Ctx, 'db'>, userId: number, optOut: boolean): Promise<void> {
  await repo.saveOptOut(ctx.db, userId, optOut);
  boards.get(ctx.db)?.clear();
}

/**
 * The rewards job (every node, every few minutes): computes every reward due for the last
 * REWARD_PAY_DAYS completed days and the milestones, and pays those not paid before, each exactly
 * once (repo.payRewards). Returns what this run paid.
 */
export async function payDueRewards(ctx: Pick<Ctx, 'db' | 'log'>, now = new Date()): Promise<{ paid: number; amount: number }> {
  const today = dayOf(now.getTime());
  const lookBack = REWARD_PAY_DAYS + Math.max(REWARD_RULES.streakCapDays, REWARD_RULES.tierWindowDays);
  const figures = await repo.dailyFigures(ctx.db, new Date(Date.parse(`${addDays(today, -lookBack)}T00:00:00Z`)), null);
  const workers = [...new Set(figures.map((f) => f.userId))];
  const [lifetime, paid] = await Promise.all([repo.lifetimeSolved(ctx.db, workers), repo.paidKeys(ctx.db, workers)]);
  const due = dueRewards(figures, lifetime, today, REWARD_PAY_DAYS).filter((d) => !paid.has(`${d.userId}|${d.key}`));
  let count = 0;
  let amount = 0;
  for (let i = 0; i < due.length; i += 500) {
    const done = await repo.payRewards(ctx.db, due.slice(i, i + 500));
    count += done.length;
    amount += done.reduce((s, d) => s + d.amount, 0);
  }
  if (count > 0) ctx.log.info({ paid: count, amount }, 'worker hub rewards paid');
  return { paid: count, amount };
}

export async function newPracticeRound(ctx: Pick<Ctx, 'db'>): Promise<{ items: PracticeItem[] }> {
  const key = await secret(ctx, 'hub-practice');
  return { items: PRACTICE_KINDS.map((ui) => practiceView(key, newPracticeToken(ui))) };
}

/** @throws AppError NOT_FOUND for a token that is not a practice token. */
export async function practicePicture(ctx: Pick<Ctx, 'db'>, token: string): Promise<Buffer> {
  if (!/^[tgp]_[A-Za-z0-9_-]{24}$/.test(token)) throw new AppError('NOT_FOUND', 'No such picture.');
  const key = await secret(ctx, 'hub-practice');
  return renderTrainingPicture(practiceItem(key, token), itemSeed(key, `practice-render:${token}`));
}

export async function scorePracticeRound(ctx: Pick<Ctx, 'db'>, given: { token: string; answer: unknown }[]): Promise<PracticeScore> {
  return scorePractice(await secret(ctx, 'hub-practice'), given);
}
