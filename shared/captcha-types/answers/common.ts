/**
 * Answer building blocks. Answers go back over v1 plain text, where clients split on the first `|`
 * and treat any body containing `ERROR` as a failure (§1.7, §6.2), so those are refused at the
 * source instead of being escaped on the way out.
 */
import { z } from 'zod';
import type { Answer, CaptchaTypeDef, NormalizedTask } from '../types.ts';

export type AnswerFormat = Pick<CaptchaTypeDef, 'answerSchema' | 'checkAnswer' | 'toV1Plain' | 'toV1Json' | 'toV2Solution'>;

// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A string that is safe inside a v1 plain-text success body. */
export function wireString(max: number, { pipe = false } = {}) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => pipe || !s.includes('|'), 'must not contain "|"')
    .refine((s) => !s.includes('ERROR'), 'must not contain "ERROR"')
    .refine((s) => !CONTROL.test(s), 'must not contain control characters');
}

export const noMatchSchema = z.object({ kind: z.literal('noMatch') });
export const NO_MATCH = 'No_matching_images';

/** Pixel coordinate on the captcha image; images are at most 1000 px a side but leave headroom for scaling. */
export const coordinate = z.number().int().min(0).max(10_000);
export const pointSchema = z.object({ x: coordinate, y: coordinate });

/** Narrows an answer to the kind a formatter handles; a mismatch is a programming error, not user input. */
export function expectKind<K extends Answer['kind']>(answer: Answer, kind: K): Extract<Answer, { kind: K }> {
  if (answer.kind !== kind) throw new TypeError(`expected a ${kind} answer, got ${answer.kind}`);
  return answer as Extract<Answer, { kind: K }>;
}

/** Number of clicks/shapes within the task's minClicks/maxClicks. */
export function clickCountProblem(count: number, task: NormalizedTask): string | undefined {
  const min = typeof task.params.minClicks === 'number' ? task.params.minClicks : undefined;
  const max = typeof task.params.maxClicks === 'number' ? task.params.maxClicks : undefined;
  if (min !== undefined && min > 0 && count < min) return `at least ${min} clicks are required`;
  if (max !== undefined && max > 0 && count > max) return `at most ${max} clicks are allowed`;
  return undefined;
}

export function noMatchProblem(task: NormalizedTask): string | undefined {
  return task.params.canNoAnswer === true ? undefined : 'this task does not allow "no matching images"';
}

export const textAnswer = (max: number): AnswerFormat => ({
  answerSchema: z.object({ kind: z.literal('text'), text: wireString(max) }),
  toV1Plain: (a) => expectKind(a, 'text').text,
  toV1Json: (a) => ({ request: expectKind(a, 'text').text }),
  toV2Solution: (a) => ({ text: expectKind(a, 'text').text }),
});
