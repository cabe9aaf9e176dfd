import { sql } from 'drizzle-orm';
import { getCaptchaType, validateAnswer, type Answer, type NormalizedTask } from '#shared/captcha-types/index.ts';
import { formatMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { quote } from '#server/modules/pricing/pricing.service.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { enqueuePingback } from './pingback.service.ts';
import { creditSoftware } from './software.service.ts';
import * as repo from './tasks.repo.ts';
import { TaskError } from './task-error.ts';

/** How long a worker holds an offered task before it goes back to the queue. */
export const LEASE_SECONDS = { image: 45, token: 180 } as const;
/** Results and reports stay available this long after submission (protocol §5). */
export const RESULT_WINDOW_MS = 15 * 60_000;

export const TASK_CHANNEL = 'tasks';
export type TaskEvent = { kind: 'queued'; id: number; type: string } | { kind: 'ended'; id: number; customerId: number; state: 'solved' | 'unsolvable' };

async function notify(ctx: Ctx, event: TaskEvent) {
  await ctx.db.execute(sql`select pg_notify(${TASK_CHANNEL}, ${JSON.stringify(event)})`);
}

export interface SubmitInput {
  customer: UserRow;
  task: NormalizedTask;
  image?: Buffer;
  apiVersion: 'v1' | 'v2' | 'site';
  ip: string;
  softId?: number;
  pingback?: string;
}

/**
 * Accepts a task: checks the type is enabled and the bid, charges the live price and queues it,
 * all in one transaction (a refusal writes nothing).
 * @throws TaskError ERROR_NO_SLOT_AVAILABLE (live rate above the maximum bid), ERROR_ZERO_BALANCE
 */
export async function submitTask(ctx: Ctx, input: SubmitInput): Promise<{ id: number; price: number }> {
  const def = getCaptchaType(input.task.type);
  if (!def) throw new TaskError('ERROR_BAD_PARAMETERS', 'Unknown captcha type.');
  const settings = await repo.findApiSettings(ctx.db, input.customer.id);
  const q = quote(def, ctx.market?.loadOf(def.slug) ?? 0);
  if (settings.maxBidPer1000 !== null && q.per1000 > settings.maxBidPer1000) {
    throw new TaskError('ERROR_NO_SLOT_AVAILABLE', `The current rate ${formatMoney(q.per1000)} per 1000 is above your maximum bid.`);
  }
  const { image: _omit, images, ...rest } = input.task;
  const payload = { ...rest, ...(images ? { images } : {}) } as Record<string, unknown>;
  return ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const row = await repo.insertTask(tx, {
      customerId: input.customer.id,
      type: def.slug,
      kind: def.kind,
      payload,
      image: input.image ?? null,
      language: input.task.language ?? null,
      price: q.price,
      reward: q.reward,
      softId: input.softId ?? null,
      pingback: input.pingback ?? null,
      apiVersion: input.apiVersion,
      sourceIp: input.ip,
      sandbox: settings.sandbox,
      maxAttempts: def.maxAttempts,
      expiresAt: new Date(Date.now() + def.lifetimeSeconds * 1000),
    });
    try {
      await postLedgerEntry(t, { userId: input.customer.id, amount: -q.price, kind: 'charge', reason: `captcha ${row.id} (${def.slug})`, taskId: row.id });
    } catch (err) {
      // Rolling back the transaction also removes the task row inserted above.
      if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') throw new TaskError('ERROR_ZERO_BALANCE', 'Your balance is too low.');
      throw err;
    }
    await notify(t, { kind: 'queued', id: row.id, type: def.slug });
    return { id: row.id, price: q.price };
  });
}

export type TaskResult =
  | { state: 'processing' }
  | { state: 'solved'; answer: Answer; task: NormalizedTask; price: number; createdAt: Date; endedAt: Date; attempts: number; ip: string; type: string }
  | { state: 'unsolvable' };

/**
 * The state of a customer's task.
 * @throws TaskError ERROR_WRONG_CAPTCHA_ID (unknown, another account's, or older than 15 minutes)
 */
export async function getTaskResult(ctx: Ctx, customerId: number, id: number): Promise<TaskResult> {
  const task = await repo.findCustomerTask(ctx.db, customerId, id);
  if (!task || Date.now() - task.createdAt.getTime() > RESULT_WINDOW_MS) throw new TaskError('ERROR_WRONG_CAPTCHA_ID');
  if (task.state === 'unsolvable') return { state: 'unsolvable' };
  if (task.state !== 'solved') return { state: 'processing' };
  return {
    state: 'solved',
    answer: task.answer as Answer,
    task: task.payload as unknown as NormalizedTask,
    price: task.price,
    createdAt: task.createdAt,
    endedAt: task.endedAt!,
    attempts: task.attempts,
    ip: task.sourceIp,
    type: task.type,
  };
}

/** Ends a task unsolved and refunds its price (same transaction). */
async function endUnsolvable(ctx: Ctx, task: repo.TaskRow) {
  await repo.updateTask(ctx.db, task.id, { state: 'unsolvable', endedAt: new Date(), workerId: null, leaseExpiresAt: null });
  await postLedgerEntry(ctx, { userId: task.customerId, amount: task.price, kind: 'refund', reason: `unsolvable captcha ${task.id}`, taskId: task.id });
  if (task.pingback) await enqueuePingback(ctx, task.id, task.pingback, 'ERROR_CAPTCHA_UNSOLVABLE');
  await notify(ctx, { kind: 'ended', id: task.id, customerId: task.customerId, state: 'unsolvable' });
}

/** Puts a task back in the queue after a try, or ends it when tries or time are used up. */
async function releaseTask(ctx: Ctx, task: repo.TaskRow, outcome: 'skipped' | 'expired' | 'not_captcha') {
  if (task.workerId !== null) await repo.insertAttempt(ctx.db, { taskId: task.id, workerId: task.workerId, outcome });
  const attempts = task.attempts + 1;
  if (attempts >= task.maxAttempts || task.expiresAt.getTime() <= Date.now()) {
    await repo.updateTask(ctx.db, task.id, { attempts });
    await endUnsolvable(ctx, { ...task, attempts });
    return;
  }
  await repo.updateTask(ctx.db, task.id, { state: 'queued', attempts, workerId: null, leaseExpiresAt: null });
  await notify(ctx, { kind: 'queued', id: task.id, type: task.type });
}

export interface WorkerIdentity {
  id: number;
  languages: string[];
}

/** Offers the next task to a worker (a lease), or nothing. */
export async function claimTask(ctx: Ctx, worker: WorkerIdentity, opts: { sandbox?: boolean } = {}) {
  const task = await repo.claimNextTask(ctx.db, { workerId: worker.id, languages: worker.languages, sandboxOwner: opts.sandbox }, LEASE_SECONDS);
  return task ? { ...task, leaseExpiresAt: task.leaseExpiresAt! } : null;
}

async function lockAssigned(ctx: Ctx, workerId: number, taskId: number): Promise<repo.TaskRow> {
  const res = await ctx.db.execute(sql`select id from tasks where id = ${taskId} and state = 'assigned' and worker_id = ${workerId} for update`);
  if (res.rows.length === 0) throw new AppError('CONFLICT', 'This task is no longer yours (it expired or was reassigned).');
  return (await repo.findTask(ctx.db, taskId))!;
}

/**
 * A worker's answer: validated against the type, the task solved, the worker credited, once.
 * @throws AppError CONFLICT (not the worker's task any more), VALIDATION_FAILED (malformed answer)
 */
export async function answerTask(ctx: Ctx, workerId: number, taskId: number, rawAnswer: unknown) {
  return ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const task = await lockAssigned(t, workerId, taskId);
    const def = getCaptchaType(task.type)!;
    const normalized = task.payload as unknown as NormalizedTask;
    const checked = validateAnswer(normalized, rawAnswer);
    if (!checked.ok) throw new AppError('VALIDATION_FAILED', `This answer does not fit the task: ${checked.message}`);
    const answer = checked.answer;
    await repo.updateTask(tx, task.id, {
      state: 'solved',
      answer: answer as unknown as Record<string, unknown>,
      solvedBy: workerId,
      attempts: task.attempts + 1,
      endedAt: new Date(),
      leaseExpiresAt: null,
    });
    await repo.insertAttempt(tx, { taskId: task.id, workerId, outcome: 'accepted', answer: answer as unknown as Record<string, unknown> });
    const balance = task.reward > 0
      ? await postLedgerEntry(t, { userId: workerId, amount: task.reward, kind: 'earning', reason: `captcha ${task.id}`, taskId: task.id })
      : null;
    await creditSoftware(t, task.softId, task.customerId, task.price, task.id);
    if (task.pingback) await enqueuePingback(t, task.id, task.pingback, def.toV1Plain(answer, normalized));
    await notify(t, { kind: 'ended', id: task.id, customerId: task.customerId, state: 'solved' });
    return { taskId: task.id, reward: task.reward, balance };
  });
}

/** A worker gives a task back: skipped, or flagged "this is not a captcha". */
export async function skipTask(ctx: Ctx, workerId: number, taskId: number, reason: 'skipped' | 'not_captcha') {
  await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const task = await lockAssigned(t, workerId, taskId);
    await releaseTask(t, task, reason);
  });
}

/**
 * The sweeper: leases that ran out go back to the queue; tasks past their lifetime end unsolvable
 * and are refunded. Rows are claimed with SKIP LOCKED, so every node may run it.
 * @returns how many tasks were requeued and ended.
 */
export async function sweepTasks(ctx: Ctx, batch = 200): Promise<{ requeued: number; ended: number }> {
  let requeued = 0;
  let ended = 0;
  await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    for (const task of await repo.lockExpiredTasks(tx, batch)) {
      if (task.workerId !== null) await repo.insertAttempt(tx, { taskId: task.id, workerId: task.workerId, outcome: 'expired' });
      await endUnsolvable(t, task);
      ended++;
    }
    for (const task of await repo.lockExpiredLeases(tx, batch)) {
      await releaseTask(t, task, 'expired');
      requeued++;
    }
  });
  return { requeued, ended };
}
