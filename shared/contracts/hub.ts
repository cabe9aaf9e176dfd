import { z } from 'zod';

/**
 * The worker hub (issue 19): public figures, the leaderboard, the worker's profile and settings,
 * the reward rules and the visitors' practice round. Money is USD decimal strings.
 */

export const LEADERBOARD_PERIODS = ['day', 'week', 'month'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
/** Rows shown on the leaderboard. */
export const LEADERBOARD_SIZE = 50;

export const LeaderboardQuerySchema = z.object({ period: z.enum(LEADERBOARD_PERIODS).default('week') });

/**
 * The reward rules, applied by the rewards job (server/modules/hub/rewards.ts) to completed UTC
 * days and shown on /play-and-earn/rewards. Micro-USD amounts.
 * - A streak day is a UTC day with at least STREAK_MIN_SOLVED accepted answers; from the second
 *   consecutive streak day on, each pays STREAK_BONUS_PER_DAY × the streak length (capped at
 *   STREAK_CAP_DAYS days).
 * - Accuracy tiers: accepted ÷ judged answers over the 7 days ending that day (at least
 *   TIER_MIN_ANSWERS answers); a tier adds its percentage of the day's solving earnings.
 * - Milestones: lifetime accepted answers; each pays once and gives its badge.
 */
export const REWARD_RULES = {
  streakMinSolved: 20,
  streakBonusPerDay: 10_000,
  streakCapDays: 7,
  tierWindowDays: 7,
  tierMinAnswers: 100,
  tiers: [
    { id: 'gold', minAccuracy: 98, bonusPercent: 5 },
    { id: 'silver', minAccuracy: 95, bonusPercent: 3 },
    { id: 'bronze', minAccuracy: 90, bonusPercent: 1 },
  ],
  milestones: [
    { solved: 100, bonus: 100_000 },
    { solved: 1_000, bonus: 1_000_000 },
    { solved: 10_000, bonus: 5_000_000 },
    { solved: 100_000, bonus: 25_000_000 },
  ],
} as const;
export type TierId = (typeof REWARD_RULES.tiers)[number]['id'];

/** Levels by lifetime accepted answers: level n needs LEVEL_THRESHOLDS[n - 1]. */
export const LEVEL_THRESHOLDS = [0, 100, 1_000, 10_000, 100_000] as const;

export interface HubOverview {
  /** Workers connected now (latest load sample); null when nothing was sampled in 5 minutes. */
  workersOnline: number | null;
  /** Over the last 7 days per captcha type: what workers earned per hour of solving time. */
  earnings: { type: string; solved: number; perHour: string; per1000: string }[];
  days: number;
  updatedAt: string;
}

export interface LeaderboardRow {
  rank: number;
  /** A pseudonym derived from the account (never the e-mail or name). */
  name: string;
  solved: number;
  /** Accepted ÷ judged answers, % with 1 decimal; null without judged answers. */
  accuracy: number | null;
  earned: string;
}

export interface Leaderboard {
  period: LeaderboardPeriod;
  /** The period's start (UTC day, ISO week from Monday, month). */
  from: string;
  rows: LeaderboardRow[];
  /** The signed-in worker's own line (whether or not they are listed). */
  me: (LeaderboardRow & { listed: boolean; optedOut: boolean }) | null;
}

export interface HubBadge {
  solved: number;
  earnedAt: string;
}

export interface HubReward {
  kind: 'streak' | 'tier' | 'milestone';
  key: string;
  amount: string;
  detail: Record<string, unknown>;
  createdAt: string;
}

export interface HubProfile {
  name: string;
  level: number;
  /** Accepted answers needed for the next level; null at the top. */
  nextLevelAt: number | null;
  solvedTotal: number;
  badges: HubBadge[];
  /** Consecutive streak days ending today (when today already qualifies) or yesterday. */
  streak: number;
  solvedToday: number;
  /** The tier the last 7 days' accuracy gives now; null below the lowest or with too few answers. */
  tier: TierId | null;
  accuracy7d: number | null;
  /** The last 14 UTC days, oldest first. */
  trend: { day: string; solved: number; judged: number; accuracy: number | null }[];
  rewards: HubReward[];
  leaderboardOptOut: boolean;
}

export const HubSettingsSchema = z.object({ leaderboardOptOut: z.boolean() });

/** The visitors' practice round: raster pictures behind opaque tokens. */
export interface PracticeItem {
  token: string;
  ui: 'text' | 'grid' | 'points';
  image: string;
  instruction: string;
  width: number;
  height: number;
  rows?: number;
  columns?: number;
}

export const PRACTICE_TOKEN = /^[tgp]_[A-Za-z0-9_-]{24}$/;

export const PracticeScoreSchema = z.object({
  answers: z
    .array(z.object({ token: z.string().regex(PRACTICE_TOKEN), answer: z.unknown() }))
    .min(1)
    .max(10),
});

export interface PracticeScore {
  correct: number;
  total: number;
  results: { token: string; correct: boolean; expected: unknown }[];
}
