/**
 * The customer's logs (/setting/impossible_captchas, /setting/errors, /setting/complaints,
 * /setting/not_captcha, /setting/pingback_log) and the task image their rows show. Every list is
 * the caller's own rows only, newest first, keyset-paginated by id.
 */
import { fileTypeFromBuffer } from 'file-type';
import { getCaptchaType, type Answer, type NormalizedTask } from '#shared/captcha-types/index.ts';
import type {
  ApiErrorRow,
  ComplaintRow,
  ImpossibleReason,
  ImpossibleRow,
  LogPage,
  NotCaptchaRow,
  PingbackRow,
  PingbackStatus,
} from '#shared/contracts/customer-logs.ts';
import { formatMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import * as apilog from '#server/modules/apilog/apilog.service.ts';
import { PINGBACK_FAILURE, PINGBACK_MAX_ATTEMPTS } from '#server/modules/tasks/pingback.service.ts';
import * as repo from './logs.repo.ts';

export interface PageInput {
  cursor?: number;
  limit: number;
}

export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
export const moneyOrNull = (micros: number | string | null): string | null => (micros === null ? null : formatMoney(Number(micros)));

/** The account's time zone if this runtime (and so the database's tz names) knows it, else UTC. */
export function safeTimezone(timezone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: timezone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

export async function timezoneOf(ctx: Ctx, userId: number): Promise<string> {
  return safeTimezone(await repo.findTimezone(ctx.db, userId));
}

/** Cuts the probe row a repo query read beyond `limit` and turns it into the next cursor. */
export async function toPage<Db extends { id: number | string }, Row>(
  ctx: Ctx,
  userId: number,
  limit: number,
  fetched: Db[],
  map: (row: Db) => Row,
): Promise<LogPage<Row>> {
  const more = fetched.length > limit;
  const kept = more ? fetched.slice(0, limit) : fetched;
  return {
    records: kept.map(map),
    nextCursor: more ? Number(kept[kept.length - 1]!.id) : null,
    timezone: await timezoneOf(ctx, userId),
  };
}

/** The answer as the API returns it after `OK|`, or null. */
export function answerText(type: string, answer: Record<string, unknown> | null, payload: Record<string, unknown>): string | null {
  if (!answer) return null;
  const def = getCaptchaType(type);
  if (!def) return null;
  try {
    return def.toV1Plain(answer as unknown as Answer, payload as unknown as NormalizedTask);
  } catch {
    return null;
  }
}

function impossibleReason(row: repo.ImpossibleDbRow): ImpossibleReason {
  if (row.failure === 'ERROR_BAD_DUPLICATES') return 'no_consensus';
  return Number(row.attempts) >= Number(row.max_attempts) ? 'attempts' : 'lifetime';
}

export async function listImpossible(ctx: Ctx, userId: number, page: PageInput): Promise<LogPage<ImpossibleRow>> {
  const fetched = await repo.listImpossible(ctx.db, { userId, before: page.cursor, limit: page.limit });
  return toPage(ctx, userId, page.limit, fetched, (r) => ({
    id: Number(r.id),
    type: r.type,
    kind: r.kind,
    createdAt: iso(r.created_at),
    endedAt: isoOrNull(r.ended_at),
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    reason: impossibleReason(r),
    failure: r.failure ?? 'ERROR_CAPTCHA_UNSOLVABLE',
    refunded: moneyOrNull(r.refunded),
    hasImage: Boolean(r.has_image),
  }));
}

export async function listApiErrors(ctx: Ctx, userId: number, page: PageInput): Promise<LogPage<ApiErrorRow>> {
  // One row more than shown: whether an older page exists.
  const fetched = await apilog.listApiErrors(ctx.db, userId, { before: page.cursor, limit: page.limit + 1 });
  return toPage(ctx, userId, page.limit, fetched, (r) => ({
    id: Number(r.id),
    createdAt: iso(r.createdAt),
    ip: r.ip.replace(/^::ffff:/, ''),
    code: r.code,
    summary: r.summary,
  }));
}

export async function listComplaints(ctx: Ctx, userId: number, page: PageInput): Promise<LogPage<ComplaintRow>> {
  const fetched = await repo.listComplaints(ctx.db, { userId, before: page.cursor, limit: page.limit });
  return toPage(ctx, userId, page.limit, fetched, (r) => ({
    id: Number(r.id),
    type: r.type,
    kind: r.kind,
    createdAt: iso(r.created_at),
    reportedAt: iso(r.reported_at ?? r.created_at),
    report: r.report,
    outcome: r.report === 'bad' ? (r.report_outcome ?? 'pending') : null,
    price: formatMoney(Number(r.price)),
    refund: r.report === 'bad' && r.report_outcome === 'upheld' ? moneyOrNull(r.refunded) : null,
    answer: answerText(r.type, r.answer, r.payload),
    hasImage: Boolean(r.has_image),
  }));
}

export async function listNotCaptcha(ctx: Ctx, userId: number, page: PageInput): Promise<LogPage<NotCaptchaRow>> {
  const fetched = await repo.listNotCaptcha(ctx.db, { userId, before: page.cursor, limit: page.limit });
  return toPage(ctx, userId, page.limit, fetched, (r) => ({
    id: Number(r.id),
    type: r.type,
    createdAt: iso(r.created_at),
    flaggedAt: iso(r.flagged_at),
    flags: Number(r.flags),
    state: r.state,
    hasImage: Boolean(r.has_image),
  }));
}

/**
 * Removes a task from the "not a captcha" list.
 * @throws AppError NOT_FOUND (not yours, not flagged, or already removed)
 */
export async function dismissNotCaptcha(ctx: Ctx, userId: number, taskId: number): Promise<void> {
  if (!(await repo.dismissNotCaptcha(ctx.db, userId, taskId))) throw new AppError('NOT_FOUND', 'No flagged task with this id on your list.');
}

function pingbackStatus(r: repo.PingbackDbRow): PingbackStatus {
  if (r.delivered_at !== null) return 'delivered';
  const attempts = Number(r.attempts);
  if (attempts >= PINGBACK_MAX_ATTEMPTS) return 'failed';
  return attempts === 0 ? 'pending' : 'retrying';
}

/**
 * A failed attempt as the customer sees it: their server's HTTP status, or a generic reason
 * (pingback.service PINGBACK_FAILURE); raw transport errors of older rows become "unreachable".
 */
function publicFailure(lastError: string | null): string | null {
  if (lastError === null) return null;
  if (/^HTTP \d{3}$/.test(lastError) || lastError === PINGBACK_FAILURE.refused) return lastError;
  return PINGBACK_FAILURE.unreachable;
}

export async function listPingbacks(ctx: Ctx, userId: number, page: PageInput): Promise<LogPage<PingbackRow>> {
  const fetched = await repo.listPingbacks(ctx.db, { userId, before: page.cursor, limit: page.limit });
  return toPage(ctx, userId, page.limit, fetched, (r) => {
    const status = pingbackStatus(r);
    return {
      id: Number(r.id),
      taskId: Number(r.task_id),
      url: r.url,
      status,
      attempts: Number(r.attempts),
      maxAttempts: PINGBACK_MAX_ATTEMPTS,
      nextAttemptAt: status === 'pending' || status === 'retrying' ? iso(r.next_attempt_at) : null,
      deliveredAt: isoOrNull(r.delivered_at),
      lastError: publicFailure(r.last_error),
      createdAt: iso(r.created_at),
    };
  });
}

/** Content types a task's media may be served as; anything else is sent as bytes to download. */
const SERVABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'audio/mpeg']);

/**
 * The picture (or recording) of the caller's own task, typed by its bytes.
 * @throws AppError NOT_FOUND (no such task of yours, or it has no image)
 */
export async function getTaskImage(ctx: Ctx, userId: number, taskId: number): Promise<{ bytes: Buffer; contentType: string }> {
  const bytes = await repo.findTaskImage(ctx.db, userId, taskId);
  if (!bytes) throw new AppError('NOT_FOUND', 'No image for this task.');
  const sniffed = await fileTypeFromBuffer(bytes);
  return { bytes, contentType: sniffed && SERVABLE.has(sniffed.mime) ? sniffed.mime : 'application/octet-stream' };
}
