/**
 * SQL of the customer's logs: unsolvable tasks, reports, "not a captcha" flags, pingback
 * deliveries and the task image (API errors: modules/apilog). Every query is scoped to one customer and leaves
 * out verification re-solves (tasks.verifies_task_id set). Keyset pages by id, newest first:
 * each reads `limit + 1` rows so the caller knows whether an older page exists.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

export interface PageArgs {
  userId: number;
  /** Only ids below this one (the previous page's last id). */
  before?: number;
  limit: number;
}

const below = (column: SQL, before?: number) => (before === undefined ? sql`true` : sql`${column} < ${before}`);

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** What the customer got back for a task (refund ledger entry), in micro-USD; null when none. */
const refundOf = sql`(select sum(l.amount) from ledger_entries l where l.task_id = t.id and l.user_id = t.customer_id and l.kind = 'refund')`;

export interface ImpossibleDbRow {
  id: number;
  type: string;
  kind: 'image' | 'token';
  created_at: Date | string;
  ended_at: Date | string | null;
  attempts: number;
  max_attempts: number;
  failure: string | null;
  has_image: boolean;
  refunded: number | string | null;
}

export function listImpossible(db: Db, a: PageArgs) {
  return rows<ImpossibleDbRow>(db, sql`
    select t.id, t.type, t.kind, t.created_at, t.ended_at, t.attempts, t.max_attempts, t.failure,
      t.image is not null as has_image, ${refundOf} as refunded
    from tasks t
    where t.customer_id = ${a.userId} and t.state = 'unsolvable' and t.verifies_task_id is null and ${below(sql`t.id`, a.before)}
    order by t.id desc
    limit ${a.limit + 1}`);
}

export interface ComplaintDbRow {
  id: number;
  type: string;
  kind: 'image' | 'token';
  created_at: Date | string;
  reported_at: Date | string | null;
  report: 'bad' | 'good';
  report_outcome: 'pending' | 'upheld' | 'rejected' | null;
  price: number | string;
  answer: Record<string, unknown> | null;
  payload: Record<string, unknown>;
  has_image: boolean;
  refunded: number | string | null;
}

export function listComplaints(db: Db, a: PageArgs) {
  return rows<ComplaintDbRow>(db, sql`
    select t.id, t.type, t.kind, t.created_at, t.reported_at, t.report, t.report_outcome, t.price, t.answer, t.payload,
      t.image is not null as has_image, ${refundOf} as refunded
    from tasks t
    where t.customer_id = ${a.userId} and t.report is not null and t.verifies_task_id is null and ${below(sql`t.id`, a.before)}
    order by t.id desc
    limit ${a.limit + 1}`);
}

export interface NotCaptchaDbRow {
  id: number;
  type: string;
  created_at: Date | string;
  state: 'queued' | 'assigned' | 'solved' | 'unsolvable';
  has_image: boolean;
  flagged_at: Date | string;
  flags: number | string;
}

/** Tasks a worker flagged "not a captcha" that the customer has not removed from the list. */
export function listNotCaptcha(db: Db, a: PageArgs) {
  return rows<NotCaptchaDbRow>(db, sql`
    select t.id, t.type, t.created_at, t.state, t.image is not null as has_image, f.flagged_at, f.flags
    from tasks t
    join lateral (
      select max(x.created_at) as flagged_at, count(*)::int as flags
      from task_attempts x where x.task_id = t.id and x.outcome = 'not_captcha'
    ) f on f.flags > 0
    where t.customer_id = ${a.userId} and t.flag_dismissed_at is null and t.verifies_task_id is null and ${below(sql`t.id`, a.before)}
    order by t.id desc
    limit ${a.limit + 1}`);
}

/**
 * Removes a flagged task from the "not a captcha" list (once). False when the task is not this
 * customer's, was never flagged, or is already removed.
 */
export async function dismissNotCaptcha(db: Db, userId: number, taskId: number): Promise<boolean> {
  const res = await db.execute(sql`
    update tasks t set flag_dismissed_at = now()
    where t.id = ${taskId} and t.customer_id = ${userId} and t.flag_dismissed_at is null and t.verifies_task_id is null
      and exists (select 1 from task_attempts x where x.task_id = t.id and x.outcome = 'not_captcha')
    returning t.id`);
  return res.rows.length > 0;
}

export interface PingbackDbRow {
  id: number;
  task_id: number;
  url: string;
  attempts: number;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
  last_error: string | null;
  created_at: Date | string;
}

export function listPingbacks(db: Db, a: PageArgs) {
  return rows<PingbackDbRow>(db, sql`
    select p.id, p.task_id, p.url, p.attempts, p.next_attempt_at, p.delivered_at, p.last_error, p.created_at
    from pingbacks p join tasks t on t.id = p.task_id
    where t.customer_id = ${a.userId} and t.verifies_task_id is null and ${below(sql`p.id`, a.before)}
    order by p.id desc
    limit ${a.limit + 1}`);
}

/** The picture of the customer's own task (never another account's), or nothing. */
export async function findTaskImage(db: Db, userId: number, taskId: number): Promise<Buffer | null> {
  const [row] = await rows<{ image: Buffer | Uint8Array | null }>(db, sql`
    select t.image from tasks t where t.id = ${taskId} and t.customer_id = ${userId} and t.verifies_task_id is null`);
  if (!row?.image) return null;
  return Buffer.isBuffer(row.image) ? row.image : Buffer.from(row.image);
}

/** The account's time zone as stored on the profile. */
export async function findTimezone(db: Db, userId: number): Promise<string> {
  const [row] = await rows<{ timezone: string }>(db, sql`select timezone from users where id = ${userId}`);
  return row?.timezone ?? 'UTC';
}
