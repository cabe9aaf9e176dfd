/**
 * Answer formats of the token kinds (§1.7, §2.4.2): a bare token, or a structured object
 * (GeeTest, Capy, Lemin, Amazon, Tencent) sent as `OK|{json}` in plain text and as an object in
 * JSON mode, because CaptchaSharp reads those `request`s as objects.
 */
import { z } from 'zod';
import type { Answer, NormalizedTask } from '../types.ts';
import type { AnswerFormat } from './common.ts';
import { expectKind, wireString } from './common.ts';

const TOKEN_MAX = 20_000;
/** Extras only travel in JSON, where `|` is harmless; `ERROR` is not (python's extended mode checks the body). */
const extraValue = z.union([wireString(8_000, { pipe: true }), z.number()]);

type TokenAnswer = Extract<Answer, { kind: 'token' }>;
type Build = (answer: TokenAnswer, task: NormalizedTask) => Record<string, unknown>;

/** The worker's extra value, else the task's (e.g. the userAgent the customer asked the worker to use). */
export function extraOr(answer: TokenAnswer, task: NormalizedTask, extraKey: string, paramKey = extraKey): string | number | undefined {
  const value = answer.extra?.[extraKey] ?? task.params[paramKey];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** Drops undefined values so optional keys are absent rather than null. */
export function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

export interface TokenAnswerOptions {
  /** v2 solution; default `{ token }`. */
  v2?: Build;
  /** Extra top-level keys of the v1 JSON response (Turnstile's `useragent`). */
  v1JsonExtra?: Build;
  /** FunCaptcha tokens contain `|` (`…|r=eu-west-1|…`); clients split on the first `|` only, so it is safe there. */
  pipe?: boolean;
}

/** Plain tokens: `OK|<token>`, `{"status":1,"request":"<token>"}`. */
export function tokenAnswer(options: TokenAnswerOptions = {}): AnswerFormat {
  return {
    answerSchema: z.object({
      kind: z.literal('token'),
      token: wireString(TOKEN_MAX, { pipe: options.pipe ?? false }),
      extra: z.record(z.string(), extraValue).optional(),
    }),
    toV1Plain: (a) => expectKind(a, 'token').token,
    toV1Json: (a, task) => {
      const answer = expectKind(a, 'token');
      const extra = options.v1JsonExtra ? defined(options.v1JsonExtra(answer, task)) : {};
      return Object.keys(extra).length > 0 ? { request: answer.token, extra } : { request: answer.token };
    },
    toV2Solution: (a, task) => {
      const answer = expectKind(a, 'token');
      return options.v2 ? defined(options.v2(answer, task)) : { token: answer.token };
    },
  };
}

export interface StructuredAnswerOptions {
  /** Fields the worker must submit in `extra`. */
  extra: Record<string, z.ZodType<string | number>>;
  /** The object of plain text (after `OK|`) and of JSON `request`. */
  v1: Build;
  /** The v2 solution; default: same object as v1. */
  v2?: Build;
}

export const structuredField = wireString(8_000);

/** Structured tokens: `token` is optional (a preview of the main value); the fields live in `extra`. */
export function structuredAnswer(options: StructuredAnswerOptions): AnswerFormat {
  const v2 = options.v2 ?? options.v1;
  return {
    answerSchema: z.object({
      kind: z.literal('token'),
      token: z.union([wireString(TOKEN_MAX), z.literal('')]).default(''),
      extra: z.object(options.extra),
    }),
    toV1Plain: (a, task) => JSON.stringify(options.v1(expectKind(a, 'token'), task)),
    toV1Json: (a, task) => ({ request: options.v1(expectKind(a, 'token'), task) }),
    toV2Solution: (a, task) => v2(expectKind(a, 'token'), task),
  };
}
