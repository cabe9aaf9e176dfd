import { getCaptchaType, validateAnswer, type Answer, type NormalizedTask } from '#shared/captcha-types/index.ts';
import { sameAnswer } from '#shared/captcha-types/compare.ts';
import { formatMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { isTypeEnabled } from '#server/modules/catalog/catalog.service.ts';
import { quote } from '#server/modules/pricing/pricing.service.ts';
import { campaignFor, recordCampaignUse } from '#server/modules/promotions/campaigns.service.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { enqueuePingback } from './pingback.service.ts';
import { creditSoftware } from './software.service.ts';
import * as repo from './tasks.repo.ts';
import { notifyTasks, TASK_CHANNEL, writeSubmissions, type Submission, type TaskEvent } from './submissions.ts';
import { TaskError } from './task-error.ts';
import { judgeReport } from './verification.service.ts';

/** How long a worker holds an offered task before it goes back to the queue. */
export const LEASE_SECONDS = { image: 45, token: 180 } as const;
/** Results and reports stay available this long after submission (protocol §5). */
export const RESULT_WINDOW_MS = 15 * 60_000;
/** A report's re-solve waits this long for a trusted worker; unsolved by then, the report is upheld. */
export const VERIFY_LIFETIME_SECONDS = 600;

export { TASK_CHANNEL, type TaskEvent } from './submissions.ts';

async function notify(ctx: Ctx, event: TaskEvent) {
  await notifyTasks(ctx.db, [event]);
}

export interface SubmitInput {
  customer: UserRow;
  /** The account's API settings when the caller has them already (the compat surface's key cache). */
  settings?: repo.ApiSettingsRow;
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
 * @throws TaskError ERROR_TASK_NOT_SUPPORTED / v1 ERROR_BAD_PARAMETERS (type switched off), ERROR_NO_SLOT_AVAILABLE (live rate above the maximum bid), ERROR_ZERO_BALANCE
 */
export async function submitTask(ctx: Ctx, input: SubmitInput): Promise<{ id: number; price: number }> {
  const def = getCaptchaType(input.task.type);
  if (!def) throw new TaskError('ERROR_BAD_PARAMETERS', 'Unknown captcha type.');
  // Switched off by an admin: v1 has no such code, so it answers like an unknown method (§3.1).
  if (!(await isTypeEnabled(ctx, def.slug))) {
    throw new TaskError(input.apiVersion === 'v1' ? 'ERROR_BAD_PARAMETERS' : 'ERROR_TASK_NOT_SUPPORTED', 'This captcha type is switched off.');
  }
  const settings = input.settings ?? (await repo.findApiSettings(ctx.db, input.customer.id));
  // 100% recognition applies to image kinds only; it cannot be combined with the sandbox (protocol §3.1).
  const consensus = def.kind === 'image' ? settings.consensus : null;
  if (consensus && settings.sandbox) {
    throw new TaskError('ERROR_BAD_PARAMETERS', 'Sandbox mode and 100% recognition cannot be used together; turn one of them off in the API settings.');
  }
  // A running discount campaign lowers the charge, never the worker's reward (modules/promotions).
  const campaign = await campaignFor(ctx, def.slug);
  const q = quote(def, ctx.market?.loadOf(def.slug) ?? 0, campaign?.percent ?? 0);
  // Consensus: the rate for every answer that may be needed is charged now; the unused part comes back at the end.
  const charge = consensus ? q.price * consensus.maxAttempts : q.price;
  if (settings.maxBidPer1000 !== null && q.per1000 > settings.maxBidPer1000) {
    throw new TaskError('ERROR_NO_SLOT_AVAILABLE', `The current rate ${formatMoney(q.per1000)} per 1000 is above your maximum bid.`);
  }
  const { image: _omit, images, ...rest } = input.task;
  const payload = { ...rest, ...(images ? { images } : {}) } as Record<string, unknown>;
  const submission: Submission = {
    customerId: input.customer.id,
    type: def.slug,
    kind: def.kind,
    payload,
    image: input.image ?? null,
    language: input.task.language ?? (def.kind === 'image' ? settings.defaultLanguage : null) ?? null,
    price: charge,
    reward: q.reward,
    softId: input.softId ?? null,
    pingback: input.pingback ?? null,
    apiVersion: input.apiVersion,
    sourceIp: input.ip,
    requestId: ctx.requestId ?? null,
    sandbox: settings.sandbox,
    // Consensus: every answer is a try, on top of the type's allowance for skips and lapsed leases;
    // each answer after the first gets one more lease of time.
    maxAttempts: def.maxAttempts + (consensus?.maxAttempts ?? 0),
    expiresAt: new Date(Date.now() + (def.lifetimeSeconds + (consensus ? (consensus.maxAttempts - 1) * LEASE_SECONDS.image : 0)) * 1000),
    consensus: consensus ? { minAttempts: consensus.minAttempts, maxAttempts: consensus.maxAttempts, minMatches: consensus.minMatches } : null,
  };
  // Under load, the node's submission queue writes many submissions in one transaction.
  const id = ctx.submissions ? await ctx.submissions.submit(submission) : await writeOne(ctx, submission);
  if (campaign) recordCampaignUse(ctx, campaign.id, (consensus ? q.listPrice * consensus.maxAttempts : q.listPrice) - charge);
  ctx.log.info({ taskId: id, type: def.slug }, 'task queued');
  return { id, price: charge };
}

/** The price a task of this type is charged right now (load and any running campaign). */
export async function liveQuote(ctx: Ctx, def: { slug: string; price: Parameters<typeof quote>[0]['price'] }) {
  const campaign = await campaignFor(ctx, def.slug);
  return { q: quote(def, ctx.market?.loadOf(def.slug) ?? 0, campaign?.percent ?? 0), campaign };
}

export interface BatchInput {
  customer: UserRow;
  type: string;
  /** One per task: the parameters (instructions, classes…) and the image. */
  items: { params: Record<string, unknown>; image: Buffer; groupKey: string }[];
  /** The price per task the customer agreed to (their estimate); a different live price refuses the batch. */
  expectedPrice: number;
  ip: string;
  /** How long the tasks may wait for workers (labelling: days, not a captcha's minutes). */
  lifetimeSeconds: number;
}

/**
 * Queues a batch of image tasks of one type for a site feature (labelling projects) at ONE price,
 * all or nothing, in the caller's transaction: each task is charged `expectedPrice` through the
 * same statement as API submissions (ledger entries and balance), so the total is exactly
 * price × tasks. Tasks of one `groupKey` are never offered to the same worker twice (the claim).
 * Never sandbox, never 100 % recognition; the customer's default task language, like API image tasks.
 * @throws TaskError ERROR_TASK_NOT_SUPPORTED (type switched off), ERROR_NO_SLOT_AVAILABLE (the live price moved away from `expectedPrice`), ERROR_ZERO_BALANCE
 */
export async function submitBatch(ctx: Ctx, input: BatchInput): Promise<{ ids: number[]; price: number }> {
  const def = getCaptchaType(input.type);
  if (!def || def.kind !== 'image') throw new TaskError('ERROR_BAD_PARAMETERS', 'Unknown image captcha type.');
  if (!(await isTypeEnabled(ctx, def.slug))) throw new TaskError('ERROR_TASK_NOT_SUPPORTED', 'This captcha type is switched off.');
  const { q, campaign } = await liveQuote(ctx, def);
  if (q.price !== input.expectedPrice) throw new TaskError('ERROR_NO_SLOT_AVAILABLE', 'The live price changed since the estimate; look at the new estimate and start again.');
  const expiresAt = new Date(Date.now() + input.lifetimeSeconds * 1000);
  // Like the API's image tasks: the customer's default task language decides which workers read them.
  const { defaultLanguage } = await repo.findApiSettings(ctx.db, input.customer.id);
  const submissions: Submission[] = input.items.map((item) => ({
    customerId: input.customer.id,
    type: def.slug,
    kind: def.kind,
    payload: { type: def.slug, params: item.params },
    image: item.image,
    language: defaultLanguage ?? null,
    price: q.price,
    reward: q.reward,
    softId: null,
    pingback: null,
    apiVersion: 'site',
    sourceIp: input.ip,
    requestId: ctx.requestId ?? null,
    sandbox: false,
    maxAttempts: def.maxAttempts + 2,
    expiresAt,
    consensus: null,
  }));
  const ids = await writeSubmissions(ctx.db, submissions);
  if (ids.some((id) => id === null || id === undefined)) throw new TaskError('ERROR_ZERO_BALANCE', 'Your balance is too low.');
  await repo.setGroupKeys(ctx.db, ids as number[], input.items.map((i) => i.groupKey));
  if (campaign) recordCampaignUse(ctx, campaign.id, (q.listPrice - q.price) * ids.length);
  ctx.log.info({ tasks: ids.length, type: def.slug }, 'task batch queued');
  return { ids: ids as number[], price: q.price };
}

/** The state and answer of tasks a site feature queued (labelling): never another customer's. */
export async function batchResults(ctx: Ctx, customerId: number, ids: number[]) {
  return repo.findBatchResults(ctx.db, customerId, ids);
}

async function writeOne(ctx: Ctx, submission: Submission): Promise<number> {
  const [id] = await writeSubmissions(ctx.db, [submission]);
  if (id === null || id === undefined) throw new TaskError('ERROR_ZERO_BALANCE', 'Your balance is too low.');
  return id;
}

export type TaskResult =
  | { state: 'processing' }
  | { state: 'solved'; answer: Answer; task: NormalizedTask; price: number; createdAt: Date; endedAt: Date; attempts: number; ip: string; type: string }
  /** failure: ERROR_CAPTCHA_UNSOLVABLE, or ERROR_BAD_DUPLICATES when 100% recognition found no agreement. */
  | { state: 'unsolvable'; failure: string };

/**
 * The state of a customer's task.
 * @throws TaskError ERROR_WRONG_CAPTCHA_ID (unknown, another account's, or older than 15 minutes)
 */
export async function getTaskResult(ctx: Ctx, customerId: number, id: number): Promise<TaskResult> {
  // Result polling is most of the API's traffic: served from the per-process cache when it can be.
  const hit = ctx.results?.get(customerId, id);
  if (hit) {
    if (Date.now() - hit.createdAt > RESULT_WINDOW_MS) throw new TaskError('ERROR_WRONG_CAPTCHA_ID');
    return hit.result;
  }
  const readAt = ctx.results?.stamp() ?? 0;
  const task = await repo.findCustomerTask(ctx.db, customerId, id);
  if (!task || Date.now() - task.createdAt.getTime() > RESULT_WINDOW_MS) throw new TaskError('ERROR_WRONG_CAPTCHA_ID');
  const result = resultOf(task);
  ctx.results?.set(id, { customerId, createdAt: task.createdAt.getTime(), result }, readAt);
  return result;
}

function resultOf(task: NonNullable<Awaited<ReturnType<typeof repo.findCustomerTask>>>): TaskResult {
  if (task.state === 'unsolvable') return { state: 'unsolvable', failure: task.failure ?? 'ERROR_CAPTCHA_UNSOLVABLE' };
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

/**
 * Ends a task unsolved and refunds what was charged (same transaction). Consensus answers given so
 * far are 'unmatched' (unpaid). A report's re-solve is never charged; its ending upholds the report.
 */
async function endUnsolvable(ctx: Ctx, task: repo.TaskRow, failure: 'ERROR_CAPTCHA_UNSOLVABLE' | 'ERROR_BAD_DUPLICATES' = 'ERROR_CAPTCHA_UNSOLVABLE') {
  await repo.updateTask(ctx.db, task.id, { state: 'unsolvable', endedAt: new Date(), workerId: null, leaseExpiresAt: null, failure });
  if (task.price > 0) await postLedgerEntry(ctx, { userId: task.customerId, amount: task.price, kind: 'refund', reason: `unsolvable captcha ${task.id}`, taskId: task.id });
  if (task.consensus) await repo.setAttemptOutcome(ctx.db, (await repo.findConsensusAnswers(ctx.db, task.id)).map((a) => a.id), 'unmatched');
  if (task.pingback) await enqueuePingback(ctx, task.id, task.pingback, failure);
  if (task.verifiesTaskId !== null) {
    await judgeReport(ctx, task.verifiesTaskId, null);
    return;
  }
  await notify(ctx, { kind: 'ended', id: task.id, customerId: task.customerId, state: 'unsolvable' });
}

/**
 * Queues a trusted worker's re-solve of a reported image (same type, payload and image), in the
 * report's transaction. The platform pays its reward; the customer is never charged and never
 * sees it (verifies_task_id keeps it out of their results, lists and statistics).
 */
export async function queueVerification(ctx: Ctx, original: repo.TaskRow): Promise<number> {
  const def = getCaptchaType(original.type)!;
  const row = await repo.insertTask(ctx.db, {
    customerId: original.customerId,
    type: original.type,
    kind: original.kind,
    payload: original.payload,
    image: original.image,
    language: original.language,
    price: 0,
    reward: original.reward,
    softId: null,
    pingback: null,
    apiVersion: original.apiVersion,
    sourceIp: original.sourceIp,
    sandbox: false,
    maxAttempts: def.maxAttempts,
    expiresAt: new Date(Date.now() + VERIFY_LIFETIME_SECONDS * 1000),
    verifiesTaskId: original.id,
  });
  await notify(ctx, { kind: 'queued', id: row.id, type: row.type });
  return row.id;
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
  const task = await repo.lockAssignedTask(ctx.db, workerId, taskId);
  if (!task) throw new AppError('CONFLICT', 'This task is no longer yours (it expired or was reassigned).');
  return task;
}

/**
 * A worker's answer: validated against the type, the task solved, the worker credited, once.
 * `offered` is the task as the worker's offer carried it (the realtime hub keeps it).
 * @throws AppError CONFLICT (not the worker's task any more), VALIDATION_FAILED (malformed answer)
 */
export async function answerTask(ctx: Ctx, workerId: number, taskId: number, rawAnswer: unknown, offered?: Pick<repo.TaskRow, 'id' | 'payload' | 'requestId'>) {
  // The hot path: the task as it was offered is known, so the answer is checked in memory and a
  // plain task is solved and paid in one statement. Anything else (or a task no longer theirs)
  // takes the full transaction below, which also answers the conflict.
  if (offered?.id === taskId) {
    const checked = validateAnswer(offered.payload as unknown as NormalizedTask, rawAnswer);
    if (!checked.ok) throw new AppError('VALIDATION_FAILED', `This answer does not fit the task: ${checked.message}`);
    const done = await repo.solvePlain(ctx.db, { id: taskId, workerId, answer: checked.answer as unknown as Record<string, unknown>, channel: TASK_CHANNEL });
    if (done) return { taskId, reward: done.reward, balance: done.balance, requestId: offered.requestId };
  }
  return ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const task = await lockAssigned(t, workerId, taskId);
    const def = getCaptchaType(task.type)!;
    const normalized = task.payload as unknown as NormalizedTask;
    const checked = validateAnswer(normalized, rawAnswer);
    if (!checked.ok) throw new AppError('VALIDATION_FAILED', `This answer does not fit the task: ${checked.message}`);
    const answer = checked.answer;
    if (task.consensus) return { ...(await answerConsensus(t, task, task.consensus, workerId, answer)), requestId: task.requestId };
    // A customer's task announces its end with the same statement; a re-solve ends by judging the report.
    const ended: TaskEvent = { kind: 'ended', id: task.id, customerId: task.customerId, state: 'solved' };
    const announce = task.verifiesTaskId === null ? { channel: TASK_CHANNEL, payload: JSON.stringify(ended) } : undefined;
    await repo.markSolved(tx, { id: task.id, workerId, answer: answer as unknown as Record<string, unknown>, attempts: task.attempts + 1 }, announce);
    const balance = task.reward > 0
      ? await postLedgerEntry(t, { userId: workerId, amount: task.reward, kind: 'earning', reason: `captcha ${task.id}`, taskId: task.id })
      : null;
    await creditSoftware(t, task.softId, task.customerId, task.price, task.id);
    if (task.pingback) await enqueuePingback(t, task.id, task.pingback, def.toV1Plain(answer, normalized));
    if (task.verifiesTaskId !== null) await judgeReport(t, task.verifiesTaskId, answer);
    return { taskId: task.id, reward: task.reward, balance, requestId: task.requestId };
  });
}

/**
 * One answer to a 100% recognition task (in the answer's transaction). Answers wait as 'answered'
 * until the vote: after at least `minAttempts` answers, the first answer that `minMatches` answers
 * agree with (sameAnswer) is the result; the customer pays the rate for each answer used (the rest
 * of the charge comes back in one refund) and each agreeing worker earns the reward. When
 * `maxAttempts` answers cannot reach agreement any more, the task ends ERROR_BAD_DUPLICATES,
 * refunded, unpaid. Otherwise the task goes back to the queue for a different worker.
 */
async function answerConsensus(ctx: Ctx, task: repo.TaskRow, rule: NonNullable<repo.TaskRow['consensus']>, workerId: number, answer: Answer) {
  const attempts = task.attempts + 1;
  await repo.insertAttempt(ctx.db, { taskId: task.id, workerId, outcome: 'answered', answer: answer as unknown as Record<string, unknown> });
  const answers = await repo.findConsensusAnswers(ctx.db, task.id);
  const normalized = task.payload as unknown as NormalizedTask;
  const groups = answers.map((a) => answers.filter((b) => sameAnswer(normalized, a.answer as unknown as Answer, b.answer as unknown as Answer)));
  let best = 0;
  groups.forEach((g, i) => {
    if (g.length > groups[best]!.length) best = i;
  });
  const used = answers.length;
  const matches = groups[best]!.length;
  if (used >= rule.minAttempts && matches >= rule.minMatches) {
    const winner = answers[best]!;
    const agreed = new Set(groups[best]!.map((a) => a.id));
    const rate = task.price / rule.maxAttempts;
    const price = rate * used;
    await repo.updateTask(ctx.db, task.id, {
      state: 'solved',
      answer: winner.answer,
      solvedBy: winner.workerId,
      attempts,
      price,
      endedAt: new Date(),
      leaseExpiresAt: null,
    });
    await repo.setAttemptOutcome(ctx.db, [...agreed], 'accepted');
    await repo.setAttemptOutcome(ctx.db, answers.filter((a) => !agreed.has(a.id)).map((a) => a.id), 'outvoted');
    if (task.price > price) {
      await postLedgerEntry(ctx, { userId: task.customerId, amount: task.price - price, kind: 'refund', reason: `captcha ${task.id}: ${used} of ${rule.maxAttempts} answers used`, taskId: task.id });
    }
    let balance: number | null = null;
    let reward = 0;
    for (const a of answers.filter((x) => agreed.has(x.id))) {
      if (task.reward <= 0) break;
      const after = await postLedgerEntry(ctx, { userId: a.workerId, amount: task.reward, kind: 'earning', reason: `captcha ${task.id}`, taskId: task.id });
      if (a.workerId === workerId) [balance, reward] = [after, task.reward];
    }
    await creditSoftware(ctx, task.softId, task.customerId, price, task.id);
    const agreedAnswer = winner.answer as unknown as Answer;
    if (task.pingback) await enqueuePingback(ctx, task.id, task.pingback, getCaptchaType(task.type)!.toV1Plain(agreedAnswer, normalized));
    await notify(ctx, { kind: 'ended', id: task.id, customerId: task.customerId, state: 'solved' });
    return { taskId: task.id, reward, balance };
  }
  if (used >= rule.maxAttempts || rule.maxAttempts - used + matches < rule.minMatches) {
    await repo.updateTask(ctx.db, task.id, { attempts });
    await endUnsolvable(ctx, { ...task, attempts }, 'ERROR_BAD_DUPLICATES');
    return { taskId: task.id, reward: 0, balance: null };
  }
  await repo.updateTask(ctx.db, task.id, { state: 'queued', attempts, workerId: null, leaseExpiresAt: null });
  await notify(ctx, { kind: 'queued', id: task.id, type: task.type });
  return { taskId: task.id, reward: 0, balance: null };
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
 * A lease handed back by a node shutting down (realtime hub drain): the task goes back to the
 * queue as it was, no attempt counted and nothing recorded against the worker, who may take it
 * again after reconnecting. A task no longer this worker's is left alone.
 */
export async function handBackTask(ctx: Ctx, workerId: number, taskId: number) {
  await ctx.db.transaction(async (tx) => {
    const task = await repo.lockAssignedTask(tx, workerId, taskId);
    if (!task) return;
    await repo.updateTask(tx, task.id, { state: 'queued', workerId: null, leaseExpiresAt: null });
    await notify(withDb(ctx, tx), { kind: 'queued', id: task.id, type: task.type });
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
    // Refunds lock the customers' rows: taken in customer order, as every other multi-account
    // transaction does, so two sweepers (or a sweeper and a transfer) never wait on each other in a circle.
    const expired = (await repo.lockExpiredTasks(tx, batch)).sort((a, b) => a.customerId - b.customerId || a.id - b.id);
    for (const task of expired) {
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
