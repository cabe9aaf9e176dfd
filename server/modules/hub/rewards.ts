import { LEVEL_THRESHOLDS, REWARD_RULES, type TierId } from '#shared/contracts/hub.ts';
import type { DayFigures, DueReward } from './hub.repo.ts';

/**
 * The reward rules (shared/contracts/hub.ts REWARD_RULES) as pure functions over per-day figures,
 * so the job, the profile and the tests agree. Days are UTC `YYYY-MM-DD`.
 */

const DAY_MS = 86_400_000;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

type ByDay = Map<string, DayFigures>;

const qualifies = (byDay: ByDay, day: string) => (byDay.get(day)?.solved ?? 0) >= REWARD_RULES.streakMinSolved;

/** Consecutive streak days ending on `day` (0 when `day` does not qualify), counted up to `cap`. */
export function streakEndingOn(byDay: ByDay, day: string, cap = Number.POSITIVE_INFINITY): number {
  let n = 0;
  for (let d = day; n < cap && qualifies(byDay, d); d = addDays(d, -1)) n++;
  return n;
}

/** Accuracy (%) of the window of `days` days ending on `day`, and its tier; null tier below the rules. */
export function tierOn(byDay: ByDay, day: string): { accuracy: number | null; judged: number; tier: TierId | null; bonusPercent: number } {
  let solved = 0;
  let judged = 0;
  for (let i = 0; i < REWARD_RULES.tierWindowDays; i++) {
    const f = byDay.get(addDays(day, -i));
    solved += f?.solved ?? 0;
    judged += f?.judged ?? 0;
  }
  const accuracy = judged > 0 ? Math.round((solved / judged) * 1000) / 10 : null;
  if (judged < REWARD_RULES.tierMinAnswers) return { accuracy, judged, tier: null, bonusPercent: 0 };
  // Integers only: solved / judged ≥ min % ⇔ solved × 100 ≥ min × judged.
  const tier = REWARD_RULES.tiers.find((t) => solved * 100 >= t.minAccuracy * judged);
  return { accuracy, judged, tier: tier?.id ?? null, bonusPercent: tier?.bonusPercent ?? 0 };
}

export function levelOf(solvedTotal: number): { level: number; nextLevelAt: number | null } {
  let level = 1;
  for (let i = 0; i < LEVEL_THRESHOLDS.length; i++) if (solvedTotal >= LEVEL_THRESHOLDS[i]!) level = i + 1;
  return { level, nextLevelAt: LEVEL_THRESHOLDS[level] ?? null };
}

/**
 * Every reward due to the workers of `figures` for the completed days from `today − payDays` to
 * yesterday, plus milestones reached by lifetime answers. Whether one was paid already is the
 * database's business (worker_rewards is unique per worker and key): computing it again is harmless.
 * `figures` must reach back payDays + max(streak cap, tier window) days for the history to be whole.
 */
export function dueRewards(figures: DayFigures[], lifetime: Map<number, number>, today: string, payDays: number): DueReward[] {
  const byWorker = new Map<number, ByDay>();
  for (const f of figures) {
    let m = byWorker.get(f.userId);
    if (!m) byWorker.set(f.userId, (m = new Map()));
    m.set(f.day, f);
  }
  const due: DueReward[] = [];
  for (const userId of new Set([...byWorker.keys(), ...lifetime.keys()])) {
    const byDay = byWorker.get(userId) ?? new Map();
    for (let i = payDays; i >= 1; i--) {
      const day = addDays(today, -i);
      const streak = streakEndingOn(byDay, day, REWARD_RULES.streakCapDays);
      if (streak >= 2) {
        due.push({ userId, kind: 'streak', key: `streak:${day}`, amount: REWARD_RULES.streakBonusPerDay * streak, detail: { day, streak } });
      }
      const earned = byDay.get(day)?.earned ?? 0;
      const tier = tierOn(byDay, day);
      const amount = tier.tier ? Math.floor((earned * tier.bonusPercent) / 100) : 0;
      if (amount > 0) due.push({ userId, kind: 'tier', key: `tier:${day}`, amount, detail: { day, tier: tier.tier, accuracy: tier.accuracy, earned } });
    }
    const total = lifetime.get(userId) ?? 0;
    for (const m of REWARD_RULES.milestones) {
      if (total >= m.solved) due.push({ userId, kind: 'milestone', key: `milestone:${m.solved}`, amount: m.bonus, detail: { solved: m.solved } });
    }
  }
  return due;
}
