/**
 * The customer's logs and statistics (/setting/impossible_captchas, /setting/errors,
 * /setting/complaints, /setting/not_captcha, /setting/pingback_log, /statistics/uploads,
 * /statistics/graph_captures, /testcaptcha): /api/v2/customer/* in
 * server/surfaces/site-api/customer-logs.routes.ts. Times are ISO 8601 UTC; `timezone` is the
 * account's time zone the pages show them in. Money is a USD decimal string.
 */
import { z } from 'zod';

/** Rows per page of every log list. */
export const LOG_PAGE_SIZE = 50;
/** /statistics/uploads shows this much history. */
export const UPLOADS_WINDOW_HOURS = 6;
/** Reports are accepted this long after submission (protocol §5). */
export const REPORT_WINDOW_MINUTES = 15;

/** Keyset pagination: rows older than `cursor` (an id the previous page returned as `nextCursor`). */
export const LogPageQuerySchema = z.object({
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LOG_PAGE_SIZE),
});
export type LogPageQuery = z.input<typeof LogPageQuerySchema>;

export interface LogPage<T> {
  records: T[];
  /** Pass back as `cursor` for the next (older) rows; null when there are none. */
  nextCursor: number | null;
  /** IANA time zone of the account (profile), "UTC" when unset or unknown. */
  timezone: string;
}

export const TaskIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export type TaskState = 'queued' | 'assigned' | 'solved' | 'unsolvable';

/** Why a task ended unsolvable: the workers' tries ran out, its lifetime did, or 100% mode found no agreement. */
export type ImpossibleReason = 'attempts' | 'lifetime' | 'no_consensus';

export interface ImpossibleRow {
  id: number;
  type: string;
  kind: 'image' | 'token';
  createdAt: string;
  endedAt: string | null;
  attempts: number;
  maxAttempts: number;
  reason: ImpossibleReason;
  /** The protocol error the API answered: ERROR_CAPTCHA_UNSOLVABLE or ERROR_BAD_DUPLICATES. */
  failure: string;
  /** What came back to the balance. */
  refunded: string | null;
  hasImage: boolean;
}

export interface ApiErrorRow {
  id: number;
  createdAt: string;
  ip: string;
  code: string;
  /** The request without secrets: path, method, action/type and parameter names. */
  summary: string;
}

export type ReportOutcome = 'pending' | 'upheld' | 'rejected';

export interface ComplaintRow {
  /** The task id. */
  id: number;
  type: string;
  kind: 'image' | 'token';
  createdAt: string;
  reportedAt: string;
  report: 'bad' | 'good';
  /** Null for a "correct" report (nothing to judge). */
  outcome: ReportOutcome | null;
  price: string;
  /** Refunded to the balance when the report was upheld. */
  refund: string | null;
  /** The answer as the API returned it. */
  answer: string | null;
  hasImage: boolean;
}

export interface NotCaptchaRow {
  id: number;
  type: string;
  createdAt: string;
  /** The latest "not a captcha" flag. */
  flaggedAt: string;
  /** How many workers flagged it. */
  flags: number;
  state: TaskState;
  hasImage: boolean;
}

export type PingbackStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

export interface PingbackRow {
  id: number;
  taskId: number;
  url: string;
  status: PingbackStatus;
  attempts: number;
  maxAttempts: number;
  /** When the next try is due; null once delivered or given up. */
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  lastError: string | null;
  createdAt: string;
}

/** Why "report incorrect" is unavailable for an upload. */
export type NotReportableReason = 'consensus' | 'window' | 'not_solved' | 'reported';

export interface UploadRow {
  id: number;
  type: string;
  kind: 'image' | 'token';
  state: TaskState;
  createdAt: string;
  endedAt: string | null;
  /** Submission to answer, for solved tasks. */
  solveMs: number | null;
  price: string;
  /** The answer as the API returns it (`OK|…` without `OK|`). */
  answer: string | null;
  /** A token task's page. */
  pageUrl: string | null;
  hasImage: boolean;
  /** Submitted in 100% recognition mode. */
  consensus: boolean;
  report: 'bad' | 'good' | null;
  reportOutcome: ReportOutcome | null;
  refund: string | null;
  /** Null when "report incorrect" is possible now. */
  notReportable: NotReportableReason | null;
  /** The end of the report window. */
  reportDeadline: string;
}

export type GraphStep = 'hour' | 'day';
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** Longest range per step, in days (inclusive). */
export const GRAPH_MAX_DAYS: Record<GraphStep, number> = { hour: 7, day: 92 };

export const GraphQuerySchema = z
  .object({ from: Day, to: Day, step: z.enum(['hour', 'day']).default('day') })
  .superRefine((q, ctx) => {
    const from = Date.parse(`${q.from}T00:00:00Z`);
    const to = Date.parse(`${q.to}T00:00:00Z`);
    if (Number.isNaN(from) || Number.isNaN(to)) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Not a date.' });
      return;
    }
    const days = (to - from) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` is before `from`.' });
    else if (days > GRAPH_MAX_DAYS[q.step]) ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${GRAPH_MAX_DAYS[q.step]} days by ${q.step}.` });
  });
export type GraphQuery = z.input<typeof GraphQuerySchema>;

export interface GraphPoint {
  /** Start of the hour or day in the account's time zone, "YYYY-MM-DDTHH:00" (local, no offset). */
  bucket: string;
  type: string;
  submitted: number;
  solved: number;
  unsolvable: number;
  /** What the customer paid for these tasks, net of refunds. */
  spend: string;
  /** Average submission-to-answer time of the solved ones. */
  avgSolveMs: number | null;
}

export interface GraphTotals {
  type: string;
  submitted: number;
  solved: number;
  unsolvable: number;
  spend: string;
  avgSolveMs: number | null;
}

export interface GraphData {
  from: string;
  to: string;
  step: GraphStep;
  timezone: string;
  /** Non-empty buckets only, oldest first. */
  points: GraphPoint[];
  /** Per type over the whole range, most submitted first. */
  totals: GraphTotals[];
}

/** Token types /testcaptcha can submit, with the fields their form shows. */
export const TEST_TOKEN_TYPES = ['recaptcha_v2', 'recaptcha_v3', 'hcaptcha', 'turnstile'] as const;
export type TestTokenType = (typeof TEST_TOKEN_TYPES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const TestImageTaskSchema = z.object({
  kind: z.literal('image'),
  /** base64 of the picture (a data: URL prefix is accepted). */
  image: z.string().min(1).max(1_000_000),
  phrase: z.boolean().default(false),
  caseSensitive: z.boolean().default(false),
  /** 0 any, 1 digits, 2 letters, 3 digits or letters, 4 digits and letters. */
  numeric: z.number().int().min(0).max(4).default(0),
  math: z.boolean().default(false),
  minLength: z.number().int().min(0).max(20).default(0),
  maxLength: z.number().int().min(0).max(20).default(0),
  comment: optionalText(140),
  /** Worker language code. */
  language: z
    .string()
    .trim()
    .regex(/^([a-z]{2,3})?$/)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});

export const TestTokenTaskSchema = z.object({
  kind: z.literal('token'),
  type: z.enum(TEST_TOKEN_TYPES),
  websiteURL: z.string().trim().min(1).max(4096),
  websiteKey: z.string().trim().min(1).max(4096),
  /** reCAPTCHA v2 invisible. */
  isInvisible: z.boolean().optional(),
  /** reCAPTCHA v3. */
  pageAction: optionalText(256),
  minScore: z.number().min(0.1).max(0.9).optional(),
  /** Turnstile. */
  action: optionalText(256),
});

export const TestCaptchaSchema = z.discriminatedUnion('kind', [TestImageTaskSchema, TestTokenTaskSchema]);
export type TestCaptchaInput = z.input<typeof TestCaptchaSchema>;

export interface TestCaptchaCreated {
  id: number;
  price: string;
}

