/**
 * SQL of /statistics/uploads, the single-task view of /testcaptcha and /statistics/graph_captures.
 * Scoped to one customer, verification re-solves (tasks.verifies_task_id set) left out.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

export interface UploadDbRow {
  id: number;
  type: string;
  kind: 'image' | 'token';
  state: 'queued' | 'assigned' | 'solved' | 'unsolvable';
  created_at: Date | string;
  ended_at: Date | string | null;
  price: number | string;
  answer: Record<string, unknown> | null;
  payload: Record<string, unknown>;
  has_image: boolean;
  consensus: unknown;
  report: 'bad' | 'good' | null;
  report_outcome: 'pending' | 'upheld' | 'rejected' | null;
  refunded: number | string | null;
}

const columns = sql`
  t.id, t.type, t.kind, t.state, t.created_at, t.ended_at, t.price, t.answer, t.payload, t.image is not null as has_image,
  t.consensus, t.report, t.report_outcome,
  (select sum(l.amount) from ledger_entries l where l.task_id = t.id and l.user_id = t.customer_id and l.kind = 'refund') as refunded`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** The customer's tasks submitted since `since`, newest first, keyset by id. */
export function listUploads(db: Db, a: { userId: number; since: Date; before?: number; limit: number }) {
  return rows<UploadDbRow>(db, sql`
    select ${columns}
    from tasks t
    where t.customer_id = ${a.userId} and t.verifies_task_id is null and t.created_at >= ${a.since.toISOString()}::timestamptz
      and ${a.before === undefined ? sql`true` : sql`t.id < ${a.before}`}
    order by t.id desc
    limit ${a.limit + 1}`);
}

export async function findUpload(db: Db, userId: number, taskId: number): Promise<UploadDbRow | undefined> {
  const [row] = await rows<UploadDbRow>(db, sql`
    select ${columns} from tasks t where t.id = ${taskId} and t.customer_id = ${userId} and t.verifies_task_id is null`);
  return row;
}

export interface GraphDbRow {
  bucket: string;
  type: string;
  submitted: number | string;
  solved: number | string;
  unsolvable: number | string;
  spend: number | string | null;
  solve_ms_sum: number | string | null;
}

/**
 * Tasks per local hour or day and type over [from, to] (local dates in `timezone`): counts,
 * what the customer paid net of refunds (their ledger entries on each task) and the summed
 * submission-to-answer time of the solved ones.
 */
export function graphBuckets(db: Db, a: { userId: number; from: string; to: string; step: 'hour' | 'day'; timezone: string }) {
  const unit = a.step === 'hour' ? sql.raw(`'hour'`) : sql.raw(`'day'`);
  return rows<GraphDbRow>(db, sql`
    with own as (
      select t.id, t.type, t.state, t.created_at, t.ended_at,
        date_trunc(${unit}, t.created_at at time zone ${a.timezone}) as local_bucket
      from tasks t
      where t.customer_id = ${a.userId} and t.verifies_task_id is null
        and t.created_at >= (${a.from}::date)::timestamp at time zone ${a.timezone}
        and t.created_at < ((${a.to}::date + 1))::timestamp at time zone ${a.timezone}
    )
    select to_char(o.local_bucket, 'YYYY-MM-DD"T"HH24:MI') as bucket, o.type,
      count(*)::int as submitted,
      count(*) filter (where o.state = 'solved')::int as solved,
      count(*) filter (where o.state = 'unsolvable')::int as unsolvable,
      coalesce(-sum((select sum(l.amount) from ledger_entries l where l.task_id = o.id and l.user_id = ${a.userId})), 0)::bigint as spend,
      sum(extract(epoch from (o.ended_at - o.created_at)) * 1000) filter (where o.state = 'solved')::bigint as solve_ms_sum
    from own o
    group by o.local_bucket, o.type
    order by o.local_bucket, o.type`);
}
