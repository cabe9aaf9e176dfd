/**
 * Training answers as the server grades them (server/modules/workers/training.ts), so practice
 * items can say "correct" at once: text → string, grid → 1-based cells, points → [{x,y}].
 */
import type { Point } from '#shared/captcha-types/types.ts';
import type { TrainingItem } from '#shared/contracts/worker.ts';

export type TrainingAnswer = string | number[] | Point[];

/** How close a click must be to a target, in the picture's pixels. */
export const POINT_TOLERANCE = 20;

export function emptyAnswer(item: TrainingItem): TrainingAnswer {
  return item.ui === 'text' ? '' : [];
}

export function isAnswered(item: TrainingItem, answer: TrainingAnswer | undefined): boolean {
  if (answer === undefined) return false;
  return item.ui === 'text' ? typeof answer === 'string' && answer.trim() !== '' : Array.isArray(answer) && answer.length > 0;
}

export function isCorrectTraining(item: TrainingItem, given: TrainingAnswer | undefined): boolean {
  if (item.answer === undefined || given === undefined) return false;
  if (item.ui === 'text') return typeof given === 'string' && given.trim().toUpperCase() === String(item.answer).toUpperCase();
  if (item.ui === 'grid') {
    const want = [...(item.answer as number[])].sort((a, b) => a - b).join(',');
    return Array.isArray(given) && [...new Set((given as number[]).map(Number))].sort((a, b) => a - b).join(',') === want;
  }
  const targets = item.answer as Point[];
  const points = given as Point[];
  if (!Array.isArray(points) || points.length !== targets.length) return false;
  return targets.every((s) => points.some((p) => Math.hypot(p.x - s.x, p.y - s.y) <= POINT_TOLERANCE));
}
