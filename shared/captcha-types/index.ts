/**
 * Public entry of the captcha-type registry: lookup, v1/v2 parsing dispatch and answer formatting.
 * The compat surface, pricing, public pages and the worker cabinet import from here.
 */
import type { ParamBag } from './param-bag.ts';
import { CAPTCHA_TYPES } from './registry.ts';
import type { Answer, CaptchaTypeDef, NormalizedTask, ParseFailure, Price } from './types.ts';
import { fail } from './types.ts';

export { CAPTCHA_TYPES } from './registry.ts';
export * from './types.ts';
export { createParamBag, normalizeName, type FileInput, type ParamBag } from './param-bag.ts';
export { parseProxyV1, parseProxyV2, type ProxyOutcome } from './proxy.ts';
export { toV2Error } from './fields.ts';
export { AUDIO_LANGUAGES, MAX_IMG_INSTRUCTIONS_BYTES, MIN_IMAGE_BYTES, parseLanguage } from './define-image.ts';
export { base64ByteLength, cleanBase64, isBase64 } from './base64.ts';

const BY_SLUG = new Map(CAPTCHA_TYPES.map((def) => [def.slug, def]));
const BY_METHOD = new Map<string, CaptchaTypeDef[]>();
const BY_V2_TYPE = new Map<string, CaptchaTypeDef[]>();
for (const def of CAPTCHA_TYPES) {
  for (const method of def.v1.methods) BY_METHOD.set(method, [...(BY_METHOD.get(method) ?? []), def]);
  for (const name of def.v2Types) BY_V2_TYPE.set(name.toLowerCase(), [...(BY_V2_TYPE.get(name.toLowerCase()) ?? []), def]);
}

export function getCaptchaType(slug: string): CaptchaTypeDef | undefined {
  return BY_SLUG.get(slug);
}

function requireType(task: NormalizedTask): CaptchaTypeDef {
  const def = BY_SLUG.get(task.type);
  if (!def) throw new RangeError(`unknown captcha type: ${task.type}`);
  return def;
}

export type DetectOutcome = { ok: true; def: CaptchaTypeDef } | ParseFailure;
export type ParseResult = { ok: true; def: CaptchaTypeDef; task: NormalizedTask } | ParseFailure;

/** Flags on post/base64, most specific first: canvas also carries recaptcha=1. */
const FLAGS = ['canvas', 'recaptcha', 'coordinatescaptcha', 'textcaptcha'] as const;

function flagOn(bag: ParamBag, flag: (typeof FLAGS)[number]): boolean {
  return flag === 'textcaptcha' ? bag.get('textcaptcha') !== undefined : bag.bool(flag);
}

/**
 * Which type an in.php call means (§1.3): `method` (plus flags and aliases); without `method`, a
 * `file` means post, a `body` base64 and a `textcaptcha` the text captcha (§1.1).
 */
export function detectV1Type(bag: ParamBag): DetectOutcome {
  let method = bag.get('method')?.trim().toLowerCase();
  if (!method) method = bag.has('file') || bag.has('textcaptcha') ? 'post' : bag.has('body') ? 'base64' : undefined;
  if (!method) return fail('ERROR_BAD_PARAMETERS', 'method is required');
  const candidates = BY_METHOD.get(method) ?? [];
  // v1 has no ERROR_NO_SUCH_METHOD; ERROR_BAD_PARAMETERS is the closest documented code.
  if (candidates.length === 0) return fail('ERROR_BAD_PARAMETERS', `unknown method: ${method}`);
  for (const flag of FLAGS) {
    const def = candidates.find((d) => d.v1.flag === flag);
    if (def && flagOn(bag, flag)) return { ok: true, def };
  }
  const def = candidates.find((d) => d.v1.when?.(bag)) ?? candidates.find((d) => !d.v1.flag && !d.v1.when) ?? candidates[0]!;
  return { ok: true, def };
}

export function parseV1(bag: ParamBag): ParseResult {
  const detected = detectV1Type(bag);
  if (!detected.ok) return detected;
  const outcome = detected.def.fromV1(bag);
  return outcome.ok ? { ok: true, def: detected.def, task: outcome.task } : outcome;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * createTask's `task`. `languagePool` may sit in the envelope (2captcha) or in the task
 * (anti-captcha's client); the task's wins.
 */
export function parseV2(task: unknown, envelope: { languagePool?: unknown } = {}): ParseResult {
  if (!isRecord(task)) return fail('ERROR_TASK_ABSENT', 'task is required');
  const name = typeof task.type === 'string' ? task.type.trim().toLowerCase() : '';
  const candidates = BY_V2_TYPE.get(name) ?? [];
  // v2When only breaks ties between types sharing a name (GeeTestTask, ImageToCoordinatesTask).
  const def = candidates.length === 1 ? candidates[0] : (candidates.find((d) => d.v2When?.(task)) ?? candidates.find((d) => !d.v2When));
  if (!def) return fail('ERROR_TASK_NOT_SUPPORTED', `task type not supported: ${String(task.type ?? '')}`);
  const input = envelope.languagePool !== undefined && task.languagePool == null ? { ...task, languagePool: envelope.languagePool } : task;
  const outcome = def.fromV2(input);
  return outcome.ok ? { ok: true, def, task: outcome.task } : outcome;
}

/** Schema plus the task-dependent checks; the message is for the worker UI. */
export function validateAnswer(task: NormalizedTask, raw: unknown): { ok: true; answer: Answer } | { ok: false; message: string } {
  const def = requireType(task);
  const parsed = def.answerSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join('; ') };
  const problem = def.checkAnswer?.(parsed.data, task);
  return problem ? { ok: false, message: problem } : { ok: true, answer: parsed.data };
}

/** What follows `OK|` in res.php plain text. */
export const formatV1Plain = (task: NormalizedTask, answer: Answer): string => requireType(task).toV1Plain(answer, task);
/** res.php `json=1`: `{"status":1,"request":…, ...extra}`. */
export const formatV1Json = (task: NormalizedTask, answer: Answer) => requireType(task).toV1Json(answer, task);
/** getTaskResult `solution`. */
export const formatV2Solution = (task: NormalizedTask, answer: Answer) => requireType(task).toV2Solution(answer, task);

/** Plain data for pages and the price list (no functions, serialisable for SSR). */
export interface CaptchaTypeSummary {
  slug: string;
  kind: CaptchaTypeDef['kind'];
  ui: CaptchaTypeDef['ui'];
  price: Price;
  lifetimeSeconds: number;
  maxAttempts: number;
  proxy: CaptchaTypeDef['proxy'];
  v1Methods: string[];
  v2Types: string[];
}

export const CAPTCHA_TYPE_CATALOG: readonly CaptchaTypeSummary[] = CAPTCHA_TYPES.map((d) => ({
  slug: d.slug,
  kind: d.kind,
  ui: d.ui,
  price: d.price,
  lifetimeSeconds: d.lifetimeSeconds,
  maxAttempts: d.maxAttempts,
  proxy: d.proxy,
  v1Methods: d.v1.methods,
  v2Types: d.v2Types,
}));
