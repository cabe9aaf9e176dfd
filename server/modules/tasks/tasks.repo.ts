import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { apiSettings, taskAttempts, tasks, workerProfiles } from '#server/db/schema/index.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;

export async function insertTask(db: Db, task: NewTask): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(task).returning();
  return row!;
}

export async function findTask(db: Db, id: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

/**
 * Hot statements are named prepared statements, built once per database handle: PostgreSQL
 * parses and plans them once per connection instead of on every call (for these short statements
 * that was more than half of their database time), and drizzle does not rebuild their SQL.
 */
function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let q = cache.get(db);
    if (q === undefined) cache.set(db, (q = build(db)));
    return q;
  };
}

const findCustomerTaskQuery = preparedPer((db) =>
  db
    .select({
      id: tasks.id, type: tasks.type, state: tasks.state, answer: tasks.answer, payload: tasks.payload, price: tasks.price,
      attempts: tasks.attempts, createdAt: tasks.createdAt, endedAt: tasks.endedAt, sourceIp: tasks.sourceIp,
      reportedAt: tasks.reportedAt, solvedBy: tasks.solvedBy, reward: tasks.reward, kind: tasks.kind, customerId: tasks.customerId,
      failure: tasks.failure,
    })
    .from(tasks)
    .where(and(eq(tasks.id, sql.placeholder('id')), eq(tasks.customerId, sql.placeholder('customerId')), isNull(tasks.verifiesTaskId)))
    .prepare('tasks_find_customer_task'),
);

/**
 * The customer's own task (results and reports never reveal other accounts' tasks). Verification
 * re-solves carry the customer's id but are the platform's: never the customer's.
 */
export async function findCustomerTask(db: Db, customerId: number, id: number) {
  const [row] = await findCustomerTaskQuery(db).execute({ id, customerId });
  return row;
}

/** Locks one of the customer's own tasks (not a verification re-solve) for a report. */
export async function lockCustomerTask(db: Db, customerId: number, id: number): Promise<TaskRow | undefined> {
  const res = await db.execute(sql`select id from tasks where id = ${id} and customer_id = ${customerId} and verifies_task_id is null for update`);
  return res.rows.length === 0 ? undefined : findTask(db, id);
}

/** Locks a task by id (the report judged by a finished verification). */
export async function lockTask(db: Db, id: number): Promise<TaskRow | undefined> {
  const res = await db.execute(sql`select id from tasks where id = ${id} for update`);
  return res.rows.length === 0 ? undefined : findTask(db, id);
}

export interface ClaimFilter {
  workerId: number;
  languages: string[];
  /** Sandbox: the customer solves their own tasks; otherwise a worker never gets their own. */
  sandboxOwner?: boolean;
}

/**
 * Takes the oldest queued task this worker may solve and leases it (enterprise-support customers'
 * tasks first: `tasks.priority`, set at insert by migration 0022's trigger), skipping rows other
 * claimers hold. The statement is the database function `claim_next_task` (migration 0030, where
 * its rules are spelled out): its plan walks the queue's priority index in order whatever the
 * statistics say, where a plan of the same statement sent from here sorted the whole queue once
 * the statistics had seen it nearly empty. One round trip: the leased row comes back whole.
 */
export async function claimNextTask(db: Db, f: ClaimFilter, lease: { image: number; token: number }): Promise<TaskRow | undefined> {
  const res = await db.execute(sql`select * from claim_next_task(${f.workerId}, ${sql.param(f.languages)}::text[], ${f.sandboxOwner ?? false}, ${lease.image}, ${lease.token})`);
  const raw = res.rows[0] as Record<string, unknown> | undefined;
  return raw && taskFromRow(raw);
}

const TASK_COLUMNS = Object.entries(getTableColumns(tasks));

/** A tasks row as the driver returned it (column names, driver values) mapped as drizzle maps a select. */
function taskFromRow(raw: Record<string, unknown>): TaskRow {
  return Object.fromEntries(TASK_COLUMNS.map(([key, column]) => [key, raw[column.name] == null ? null : column.mapFromDriverValue(raw[column.name])])) as TaskRow;
}

/** The worker's assigned task, locked for their answer or skip (one round trip). */
export async function lockAssignedTask(db: Db, workerId: number, taskId: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.state, 'assigned'), eq(tasks.workerId, workerId)))
    .for('update');
  return row;
}

export async function updateTask(db: Db, id: number, patch: Partial<NewTask>, where?: ReturnType<typeof sql>) {
  const [row] = await db.update(tasks).set(patch).where(where ? and(eq(tasks.id, id), where) : eq(tasks.id, id)).returning();
  return row;
}

/**
 * The worker's answer accepted, in one statement: the task solved by them and their attempt
 * recorded; with `announce`, the end is announced on `channel` too (delivered at commit).
 */
export async function markSolved(db: Db, t: { id: number; workerId: number; answer: Record<string, unknown>; attempts: number }, announce?: { channel: string; payload: string }) {
  const answer = JSON.stringify(t.answer);
  await db.execute(sql`
    with solved as (
      update tasks set state = 'solved', answer = ${answer}::jsonb, solved_by = ${t.workerId}, attempts = ${t.attempts}, ended_at = now(), lease_expires_at = null
      where id = ${t.id}
    ), attempt as (
      insert into task_attempts (task_id, worker_id, outcome, answer) values (${t.id}, ${t.workerId}, 'accepted', ${answer}::jsonb)
    )
    select ${announce ? sql`pg_notify(${announce.channel}, ${announce.payload})` : sql`null`}`);
}

/**
 * A worker's answer to a plain task, in ONE statement (autocommit, one round trip): the task is
 * solved by them if it is still theirs and plain (no 100 % recognition, pingback, soft_id or
 * report judging, which need the full transaction), their attempt recorded, their reward posted
 * to the ledger and their balance moved, and the end announced on `channel` (delivered at commit).
 * @returns the reward and the worker's new balance (null when the reward is 0), or undefined when
 * nothing was written (the task is no longer theirs, or is not plain).
 */
export async function solvePlain(db: Db, t: { id: number; workerId: number; answer: Record<string, unknown>; channel: string }): Promise<{ reward: number; balance: number | null } | undefined> {
  const params = [t.id, t.workerId, JSON.stringify(t.answer), t.channel];
  const res = await db._.session.prepareQuery({ sql: SOLVE_PLAIN, params }, undefined, 'tasks_solve_plain', false).execute();
  const row = (res as { rows: { reward: number | string; balance: number | string | null }[] }).rows[0];
  return row ? { reward: Number(row.reward), balance: row.balance === null ? null : Number(row.balance) } : undefined;
}

/** solvePlain's statement ($1 task, $2 worker, $3 answer, $4 channel), prepared once per connection. */
const SOLVE_PLAIN = `
    with solved as (
      update tasks set state = 'solved', answer = $3::jsonb, solved_by = $2::bigint, attempts = attempts + 1, ended_at = now(), lease_expires_at = null
      where id = $1::bigint and state = 'assigned' and worker_id = $2::bigint
        and consensus is null and pingback is null and soft_id is null and verifies_task_id is null
      returning id, customer_id, reward
    ), attempt as (
      insert into task_attempts (task_id, worker_id, outcome, answer) select id, $2::bigint, 'accepted', $3::jsonb from solved
    ), moved as (
      update users set balance = users.balance + s.reward from solved s
      where users.id = $2::bigint and s.reward > 0
      returning users.balance
    ), entry as (
      insert into ledger_entries (user_id, amount, kind, reason, task_id)
      select $2::bigint, s.reward, 'earning', 'captcha ' || s.id, s.id from solved s, moved
    )
    select s.reward, (select balance from moved) as balance,
      pg_notify($4::text, json_build_object('kind', 'ended', 'id', s.id, 'customerId', s.customer_id, 'state', 'solved')::text)
    from solved s`;

export async function insertAttempt(db: Db, attempt: typeof taskAttempts.$inferInsert) {
  await db.insert(taskAttempts).values(attempt);
}

/** A consensus task's answers so far (outcome 'answered'), oldest first. */
export async function findConsensusAnswers(db: Db, taskId: number) {
  return db
    .select({ id: taskAttempts.id, workerId: taskAttempts.workerId, answer: taskAttempts.answer })
    .from(taskAttempts)
    .where(and(eq(taskAttempts.taskId, taskId), eq(taskAttempts.outcome, 'answered')))
    .orderBy(taskAttempts.id);
}

export async function setAttemptOutcome(db: Db, attemptIds: number[], outcome: AttemptOutcome) {
  if (attemptIds.length) await db.update(taskAttempts).set({ outcome }).where(inArray(taskAttempts.id, attemptIds));
}

/** The accepted answer of a worker on a task becomes a mistake ('wrong'). */
export async function markAttemptWrong(db: Db, taskId: number, workerId: number) {
  await db.update(taskAttempts).set({ outcome: 'wrong' }).where(and(eq(taskAttempts.taskId, taskId), eq(taskAttempts.workerId, workerId)));
}

export type AttemptOutcome = (typeof taskAttempts.$inferInsert)['outcome'];

/** Assigned tasks whose lease ran out, locked for this sweeper. */
export async function lockExpiredLeases(db: Db, limit: number): Promise<TaskRow[]> {
  const res = await db.execute(sql`select id from tasks where state = 'assigned' and lease_expires_at < now() order by lease_expires_at limit ${limit} for update skip locked`);
  const ids = res.rows.map((r) => Number((r as { id: number }).id));
  return ids.length ? db.select().from(tasks).where(inArray(tasks.id, ids)) : [];
}

/** Open tasks past their lifetime, locked for this sweeper. */
export async function lockExpiredTasks(db: Db, limit: number): Promise<TaskRow[]> {
  const res = await db.execute(sql`select id from tasks where state in ('queued', 'assigned') and expires_at < now() order by expires_at limit ${limit} for update skip locked`);
  const ids = res.rows.map((r) => Number((r as { id: number }).id));
  return ids.length ? db.select().from(tasks).where(inArray(tasks.id, ids)) : [];
}

export async function countQueuedByType(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ type: tasks.type, n: sql<number>`count(*)::int` }).from(tasks).where(eq(tasks.state, 'queued')).groupBy(tasks.type);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

/**
 * Queued tasks per type, each count stopping at `cap` (beyond it the load is full anyway): one
 * short index probe per type instead of counting a long queue every few seconds.
 */
export async function countQueuedByTypeUpTo(db: Db, types: string[], cap: number): Promise<Record<string, number>> {
  const list = sql.join(types.map((t) => sql`(${t})`), sql`, `);
  const res = await db.execute(sql`
    select s.type, (select count(*) from (select 1 from tasks t where t.state = 'queued' and t.type = s.type limit ${cap}) q)::int as n
    from (values ${list}) as s(type)`);
  return Object.fromEntries((res.rows as { type: string; n: number }[]).filter((r) => Number(r.n) > 0).map((r) => [r.type, Number(r.n)]));
}

export type ApiSettingsRow = Awaited<ReturnType<typeof findApiSettings>>;

export async function findApiSettings(db: Db, userId: number) {
  const [row] = await db.select().from(apiSettings).where(eq(apiSettings.userId, userId));
  return row ?? { userId, allowedIps: [] as string[], pingbackHosts: [] as string[], maxBidPer1000: null, sandbox: false, consensus: null, defaultLanguage: null };
}

export async function upsertApiSettings(db: Db, userId: number, patch: Partial<typeof apiSettings.$inferInsert>) {
  await db.insert(apiSettings).values({ userId, ...patch }).onConflictDoUpdate({ target: apiSettings.userId, set: patch });
}

export async function findWorkerProfile(db: Db, userId: number) {
  const [row] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, userId));
  return row;
}

export async function upsertWorkerProfile(db: Db, userId: number, patch: Partial<typeof workerProfiles.$inferInsert>) {
  await db.insert(workerProfiles).values({ userId, ...patch }).onConflictDoUpdate({ target: workerProfiles.userId, set: patch });
}

/** A worker's accepted answers and earnings since the start of the UTC day. */
export async function sumToday(db: Db, workerId: number): Promise<{ earned: number; solved: number }> {
  const res = await db.execute(sql`
    select count(*)::int as solved, coalesce(sum(t.reward), 0)::bigint as earned
    from task_attempts a join tasks t on t.id = a.task_id
    where a.worker_id = ${workerId} and a.outcome = 'accepted' and a.created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'`);
  const r = res.rows[0] as { solved: number; earned: number };
  return { earned: Number(r.earned), solved: Number(r.solved) };
}

/**
 * A worker's mistakes, newest first: answers a report upheld ('wrong'; the correct answer is the
 * trusted re-solve's, when there was one) and consensus answers outvoted by the others
 * ('outvoted'; the correct answer is the agreed one).
 */
export async function findMistakes(db: Db, workerId: number, limit: number) {
  return db
    .select({
      taskId: taskAttempts.taskId,
      type: tasks.type,
      at: taskAttempts.createdAt,
      answer: taskAttempts.answer,
      outcome: taskAttempts.outcome,
      correct: sql<Record<string, unknown> | null>`case when ${taskAttempts.outcome} = 'outvoted' then ${tasks.answer}
        else (select v.answer from tasks v where v.verifies_task_id = ${tasks.id} and v.state = 'solved' order by v.id desc limit 1) end`,
    })
    .from(taskAttempts)
    .innerJoin(tasks, eq(tasks.id, taskAttempts.taskId))
    .where(and(eq(taskAttempts.workerId, workerId), inArray(taskAttempts.outcome, ['wrong', 'outvoted'])))
    .orderBy(sql`${taskAttempts.createdAt} desc`)
    .limit(limit);
}

/** A priced task to queue; `price` is charged to `customerId`. */
export type NewQueuedTask = Omit<NewTask, 'id' | 'state'> & { price: number };

/**
 * The submission batch statement. Its text never changes (the rows come as one JSON array, the
 * images as one bytea with each row's offset and length), so PostgreSQL parses and plans it once
 * per connection (a named prepared statement) whatever the batch size: with a VALUES list per
 * batch, parsing and planning cost more than writing a small batch.
 */
const QUEUE_AND_CHARGE = `
    with input as (
      select x.ord, x.customer_id, x.type, x.kind, x.payload, x.language, x.price, x.reward, x.soft_id, x.pingback, x.api_version,
        x.source_ip, x.request_id, x.sandbox, x.max_attempts, x.expires_at, x.consensus,
        case when x.image_len >= 0 then substring($2::bytea from x.image_at + 1 for x.image_len) end as image
      from jsonb_to_recordset($1::jsonb) as x(ord int, customer_id bigint, type text, kind text, payload jsonb, image_at int, image_len int,
        language text, price bigint, reward bigint, soft_id int, pingback text, api_version text, source_ip text, request_id text, sandbox boolean,
        max_attempts int, expires_at timestamptz, consensus jsonb)
    ),
    locked as (
      select id, balance from users where id in (select customer_id from input) order by id for no key update
    ),
    accepted as (
      select r.*, nextval(pg_get_serial_sequence('tasks', 'id')) as id
      from (select i.*, sum(i.price) over (partition by i.customer_id order by i.ord) as needed from input i) r
      join locked u on u.id = r.customer_id
      where r.needed <= u.balance
    ),
    queued as (
      insert into tasks (id, customer_id, type, kind, payload, image, language, price, reward, soft_id, pingback, api_version, source_ip, request_id, sandbox, max_attempts, expires_at, consensus)
      overriding system value
      select id, customer_id, type, kind, payload, image, language, price, reward, soft_id, pingback, api_version, source_ip, request_id, sandbox, max_attempts, expires_at, consensus from accepted
    ),
    charged as (
      insert into ledger_entries (user_id, amount, kind, reason, task_id)
      select customer_id, -price, 'charge', 'captcha ' || id || ' (' || type || ')', id from accepted
    ),
    debited as (
      update users set balance = users.balance - s.total
      from (select customer_id, sum(price) as total from accepted group by customer_id) s
      where users.id = s.customer_id
    )
    select ord, id, pg_notify($3, json_build_object('kind', 'queued', 'id', id, 'type', type, 'customerId', customer_id)::text)
    from accepted`;

/**
 * Queues tasks and charges them in ONE statement (atomic by itself, one round trip): locks the
 * customers' balance rows in id order, accepts each customer's tasks in order while the running
 * total fits the balance, inserts the accepted tasks with one charge entry each, moves each
 * balance once, and announces the tasks on the task channel (delivered at commit).
 * @returns the task id of each input, or null where the balance fell short (nothing written for it)
 */
export async function queueAndCharge(db: Db, items: NewQueuedTask[], channel: string): Promise<(number | null)[]> {
  const images: Buffer[] = [];
  let at = 0;
  const rows = items.map((t, ord) => {
    const image = t.image ?? null;
    const row = {
      ord, customer_id: t.customerId, type: t.type, kind: t.kind, payload: t.payload, image_at: at, image_len: image ? image.length : -1,
      language: t.language ?? null, price: t.price, reward: t.reward, soft_id: t.softId ?? null, pingback: t.pingback ?? null, api_version: t.apiVersion,
      source_ip: t.sourceIp, request_id: t.requestId ?? null, sandbox: t.sandbox ?? false, max_attempts: t.maxAttempts, expires_at: t.expiresAt, consensus: t.consensus ?? null,
    };
    if (image) {
      images.push(image);
      at += image.length;
    }
    return row;
  });
  const params = [JSON.stringify(rows), images.length === 1 ? images[0]! : Buffer.concat(images), channel];
  const res = await db._.session.prepareQuery({ sql: QUEUE_AND_CHARGE, params }, undefined, 'tasks_queue_and_charge', false).execute();
  const ids: (number | null)[] = items.map(() => null);
  for (const row of (res as { rows: { ord: number; id: number | string }[] }).rows) ids[Number(row.ord)] = Number(row.id);
  return ids;
}

/** Sets each task's group key (the claim keeps one worker off a group's other tasks). */
export async function setGroupKeys(db: Db, ids: number[], keys: string[]) {
  if (!ids.length) return;
  const rows = JSON.stringify(ids.map((id, i) => ({ id, key: keys[i] })));
  await db.execute(sql`update tasks set group_key = k.key from jsonb_to_recordset(${rows}::jsonb) as k(id bigint, key text) where tasks.id = k.id`);
}

/** A customer's tasks by id: state, answer and who solved each. */
export async function findBatchResults(db: Db, customerId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: tasks.id, state: tasks.state, answer: tasks.answer, solvedBy: tasks.solvedBy })
    .from(tasks)
    .where(and(inArray(tasks.id, ids), eq(tasks.customerId, customerId)));
}
