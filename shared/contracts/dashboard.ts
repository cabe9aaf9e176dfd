/**
 * GET /api/v2/dashboard: the customer's console at a glance. "Today" is the calendar day in the
 * account's time zone (profile timezone; an unknown zone counts as UTC). Verification re-solves
 * (tasks judging a report) are never counted. Money is USD as a decimal string.
 */
export interface Dashboard {
  balance: string;
  apiKey: string;
  /** The zone "today" was computed in, and when that day began (ISO, UTC). */
  timezone: string;
  todayFrom: string;
  today: {
    /** Captchas submitted today, in any state. */
    count: number;
    solved: number;
    unsolvable: number;
    /** Queued or being solved. */
    inProgress: number;
    /** Price of today's captchas that were not refunded (unsolvable ones are). */
    spend: string;
    /** solved / (solved + unsolvable) of today's captchas, 0–1; null while none has ended. */
    successRate: number | null;
  };
  /** Per captcha type, today's solved captchas and their mean time from upload to answer. */
  solveTimes: DashboardSolveTime[];
  /** The last 10 captchas, newest first. */
  recentTasks: DashboardTask[];
}

export interface DashboardSolveTime {
  type: string;
  solved: number;
  averageMs: number;
}

export interface DashboardTask {
  id: number;
  type: string;
  state: 'queued' | 'assigned' | 'solved' | 'unsolvable';
  /** USD charged; "0.00" once refunded (unsolvable). */
  price: string;
  createdAt: string;
  endedAt: string | null;
  sandbox: boolean;
  /** The answer as res.php would give it, cut to 60 characters; null unless solved. */
  answerPreview: string | null;
  /** Why it ended unsolved: ERROR_CAPTCHA_UNSOLVABLE or ERROR_BAD_DUPLICATES. */
  failure: string | null;
}
