/**
 * /statistics/uploads (the last six hours with "report incorrect"), the single-task view that
 * /testcaptcha watches, the test submission itself and /statistics/graph_captures.
 */
import { getCaptchaType, parseV2 } from '#shared/captcha-types/index.ts';
import {
  REPORT_WINDOW_MINUTES,
  UPLOADS_WINDOW_HOURS,
  type GraphData,
  type GraphQuery,
  type GraphTotals,
  type LogPage,
  type NotReportableReason,
  type TestCaptchaCreated,
  type TestCaptchaSchema,
  type UploadRow,
} from '#shared/contracts/customer-logs.ts';
import { formatMoney } from '#shared/money.ts';
import type { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { reportTask } from '#server/modules/tasks/reports.service.ts';
import { TaskError } from '#server/modules/tasks/task-error.ts';
import { submitTask } from '#server/modules/tasks/tasks.service.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { checkMedia, decodeBase64 } from '#server/surfaces/compat/images.ts';
import { answerText, isoOrNull, moneyOrNull, timezoneOf, toPage, type PageInput } from './logs.service.ts';
import * as repo from './uploads.repo.ts';

const REPORT_WINDOW_MS = REPORT_WINDOW_MINUTES * 60_000;

/** Why "report incorrect" is not possible for this task now, or null. */
export function notReportable(row: Pick<repo.UploadDbRow, 'report' | 'consensus' | 'state' | 'created_at'>, now = Date.now()): NotReportableReason | null {
  if (row.report !== null) return 'reported';
  if (row.consensus !== null && row.consensus !== undefined) return 'consensus';
  if (row.state !== 'solved') return 'not_solved';
  if (now - new Date(row.created_at).getTime() > REPORT_WINDOW_MS) return 'window';
  return null;
}

export function toUpload(r: repo.UploadDbRow, now = Date.now()): UploadRow {
  const created = new Date(r.created_at);
  const ended = r.ended_at === null ? null : new Date(r.ended_at);
  const params = (r.payload?.params ?? {}) as Record<string, unknown>;
  return {
    id: Number(r.id),
    type: r.type,
    kind: r.kind,
    state: r.state,
    createdAt: created.toISOString(),
    endedAt: isoOrNull(r.ended_at),
    solveMs: r.state === 'solved' && ended ? ended.getTime() - created.getTime() : null,
    price: formatMoney(Number(r.price)),
    answer: r.state === 'solved' ? answerText(r.type, r.answer, r.payload) : null,
    pageUrl: r.kind === 'token' && typeof params.websiteURL === 'string' ? params.websiteURL : null,
    hasImage: Boolean(r.has_image),
    consensus: r.consensus !== null && r.consensus !== undefined,
    report: r.report,
    reportOutcome: r.report === 'bad' ? (r.report_outcome ?? 'pending') : null,
    refund: r.report === 'bad' && r.report_outcome === 'upheld' ? moneyOrNull(r.refunded) : null,
    notReportable: notReportable(r, now),
    reportDeadline: new Date(created.getTime() + REPORT_WINDOW_MS).toISOString(),
  };
}

export async function listUploads(ctx: Ctx, userId: number, page: PageInput): Promise<LogPage<UploadRow>> {
  const since = new Date(Date.now() - UPLOADS_WINDOW_HOURS * 3_600_000);
  const fetched = await repo.listUploads(ctx.db, { userId, since, before: page.cursor, limit: page.limit });
  const now = Date.now();
  return toPage(ctx, userId, page.limit, fetched, (r) => toUpload(r, now));
}

/** @throws AppError NOT_FOUND (not the caller's task) */
export async function getUpload(ctx: Ctx, userId: number, taskId: number): Promise<UploadRow> {
  const row = await repo.findUpload(ctx.db, userId, taskId);
  if (!row) throw new AppError('NOT_FOUND', 'No task of yours has this id.');
  return toUpload(row);
}

/**
 * "Report incorrect" from /statistics/uploads: the same reports service as the API's
 * reportbad / reportIncorrect, after the page's own checks (100% mode, window, state).
 * @throws AppError NOT_FOUND, CONFLICT with details.reason ('reported', 'consensus', 'not_solved', 'window', 'refused')
 */
export async function reportUpload(ctx: Ctx, userId: number, taskId: number): Promise<UploadRow> {
  const row = await repo.findUpload(ctx.db, userId, taskId);
  if (!row) throw new AppError('NOT_FOUND', 'No task of yours has this id.');
  const reason = notReportable(row);
  if (reason) throw new AppError('CONFLICT', 'This answer cannot be reported.', { reason });
  try {
    await reportTask(ctx, userId, taskId, 'bad');
  } catch (err) {
    if (!(err instanceof TaskError)) throw err;
    if (err.code === 'ERROR_WRONG_CAPTCHA_ID') throw new AppError('NOT_FOUND', 'No task of yours has this id.');
    if (err.code === 'ERROR_DUPLICATE_REPORT') throw new AppError('CONFLICT', 'This answer is already reported.', { reason: 'reported' });
    // ERROR_REPORT_NOT_RECORDED: too many of the account's reports were rejected, or the window closed meanwhile.
    throw new AppError('CONFLICT', 'The report was not recorded.', { reason: 'refused', code: err.code });
  }
  return getUpload(ctx, userId, taskId);
}

type TestCaptcha = z.output<typeof TestCaptchaSchema>;

/** The form of /testcaptcha as the v2 API's createTask `task` (so it is parsed exactly like the API's). */
function toV2Task(input: TestCaptcha): Record<string, unknown> {
  if (input.kind === 'image') {
    return {
      type: 'ImageToTextTask',
      body: input.image,
      phrase: input.phrase,
      case: input.caseSensitive,
      numeric: input.numeric,
      math: input.math,
      minLength: input.minLength,
      maxLength: input.maxLength,
      ...(input.comment ? { comment: input.comment } : {}),
      ...(input.language ? { languagePool: input.language } : {}),
    };
  }
  const def = getCaptchaType(input.type)!;
  const first = def.v2Types[0] as unknown;
  const name = typeof first === 'string' ? first : (first as { name: string }).name;
  const base = { type: name, websiteURL: input.websiteURL, websiteKey: input.websiteKey };
  switch (input.type) {
    case 'recaptcha_v2':
      return { ...base, ...(input.isInvisible ? { isInvisible: true } : {}) };
    case 'recaptcha_v3':
      return { ...base, minScore: input.minScore ?? 0.3, ...(input.pageAction ? { pageAction: input.pageAction } : {}) };
    case 'turnstile':
      return { ...base, ...(input.action ? { action: input.action } : {}) };
    default:
      return base;
  }
}

const FIELD_OF: Record<string, string> = {
  ERROR_PAGEURL: '/websiteURL',
  ERROR_SITEKEY: '/websiteKey',
  ERROR_GOOGLEKEY: '/websiteKey',
  ERROR_WRONG_GOOGLEKEY: '/websiteKey',
  ERROR_ZERO_CAPTCHA_FILESIZE: '/image',
  ERROR_TOO_BIG_CAPTCHA_FILESIZE: '/image',
  ERROR_IMAGE_TYPE_NOT_SUPPORTED: '/image',
  ERROR_UPLOAD: '/image',
};

/** A protocol refusal as the site API's validation error, keeping the protocol code for the page. */
function invalid(code: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path: FIELD_OF[code] ?? '', message, code }]);
}

/**
 * /testcaptcha: a real task through the same parsing, checks and submitTask as the API (apiVersion
 * 'site'), charged like any other.
 * @throws AppError VALIDATION_FAILED (details[0].code is the protocol error), INSUFFICIENT_FUNDS,
 *   CONFLICT (details.code ERROR_NO_SLOT_AVAILABLE or another refusal)
 */
export async function submitTestCaptcha(ctx: Ctx, customer: UserRow, input: TestCaptcha, ip: string): Promise<TestCaptchaCreated> {
  const parsed = parseV2(toV2Task(input));
  if (!parsed.ok) throw invalid(parsed.error, parsed.message);
  try {
    let image: Buffer | undefined;
    if (parsed.task.image !== undefined) {
      image = decodeBase64(parsed.task.image);
      await checkMedia(image, parsed.def.maxImageBytes ?? 600 * 1024, parsed.def.ui === 'audio');
    }
    const { id, price } = await submitTask(ctx, { customer, task: parsed.task, image, apiVersion: 'site', ip });
    return { id, price: formatMoney(price) };
  } catch (err) {
    if (!(err instanceof TaskError)) throw err;
    if (err.code === 'ERROR_ZERO_BALANCE') throw new AppError('INSUFFICIENT_FUNDS', 'Your balance is too low for this captcha.', { code: err.code });
    if (FIELD_OF[err.code] !== undefined || err.code === 'ERROR_BAD_PARAMETERS') throw invalid(err.code, err.message);
    throw new AppError('CONFLICT', err.message, { code: err.code });
  }
}

/**
 * Volume, spend and solving time per captcha type by local hour or day over [from, to] in the
 * account's time zone; exact (grouped from the tasks and the ledger).
 */
export async function getGraph(ctx: Ctx, userId: number, q: Required<GraphQuery>): Promise<GraphData> {
  const timezone = await timezoneOf(ctx, userId);
  const rows = await repo.graphBuckets(ctx.db, { userId, from: q.from, to: q.to, step: q.step, timezone });
  const totals = new Map<string, GraphTotals & { spendMicros: number; solveMsSum: number }>();
  const points = rows.map((r) => {
    const solved = Number(r.solved);
    const solveMsSum = Number(r.solve_ms_sum ?? 0);
    const spend = Number(r.spend ?? 0);
    const tot = totals.get(r.type) ?? { type: r.type, submitted: 0, solved: 0, unsolvable: 0, spend: '0.00', avgSolveMs: null, spendMicros: 0, solveMsSum: 0 };
    tot.submitted += Number(r.submitted);
    tot.solved += solved;
    tot.unsolvable += Number(r.unsolvable);
    tot.spendMicros += spend;
    tot.solveMsSum += solveMsSum;
    totals.set(r.type, tot);
    return {
      bucket: r.bucket,
      type: r.type,
      submitted: Number(r.submitted),
      solved,
      unsolvable: Number(r.unsolvable),
      spend: formatMoney(spend),
      avgSolveMs: solved > 0 ? Math.round(solveMsSum / solved) : null,
    };
  });
  return {
    from: q.from,
    to: q.to,
    step: q.step,
    timezone,
    points,
    totals: [...totals.values()]
      .sort((a, b) => b.submitted - a.submitted || a.type.localeCompare(b.type))
      .map(({ spendMicros, solveMsSum, ...t }) => ({ ...t, spend: formatMoney(spendMicros), avgSolveMs: t.solved > 0 ? Math.round(solveMsSum / t.solved) : null })),
  };
}

