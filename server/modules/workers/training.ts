import { randomBytes, randomInt } from 'node:crypto';
import type { ExamResult, TrainingItem } from '#shared/contracts/worker.ts';
import type { StoredTrainingItem } from '#server/db/schema/index.ts';
import { drawItem, itemSeed, type ItemUi } from './training-items.ts';

/**
 * The worker training: practice items (answers shown) and an exam (answers kept on the server),
 * drawn afresh for every attempt (training-items.ts) and shown only as raster pictures behind
 * opaque per-attempt tokens (training-render.ts). Rules, documented in docs/security.md
 * ("Worker exam integrity"):
 * - one submission per attempt; at most EXAMS_PER_DAY submissions in any 24 hours, and none
 *   within FAIL_COOLDOWN_MINUTES of a failed (or flagged) exam;
 * - an exam answered in less than MIN_SECONDS_PER_ITEM × items since it was issued is flagged
 *   `too_fast`; a correct answer to a picture that was never loaded counts as `unseen`. A flagged
 *   exam does not qualify by itself: with a passing score it waits for a moderator (review
 *   'pending' → 'approved' qualifies the worker, 'rejected' does not).
 */
export const EXAM_SIZE = 6;
export const PASS_MARK = 5;
export const EXAMS_PER_DAY = 5;
/** After a failed or flagged exam, the next submission opens this much later. */
export const FAIL_COOLDOWN_MINUTES = 10;
/** The human minimum: no one reads and answers a distorted picture in less (typing 5 characters, picking tiles, clicking stars). */
export const MIN_SECONDS_PER_ITEM = 2;
export const POINT_TOLERANCE = 20;

const PRACTICE_KINDS: ItemUi[] = ['text', 'grid', 'points'];
const EXAM_KINDS: ItemUi[] = ['text', 'text', 'grid', 'grid', 'points', 'points'];

/** An unguessable picture id that says nothing about the picture. */
const newToken = () => randomBytes(18).toString('base64url');

/** The URL the browser loads a picture from. */
export const pictureUrl = (token: string) => `/api/v2/worker/training/images/${token}`;

/** A fresh training set: three practice items, then the exam in a random order of kinds. */
export function drawTrainingSet(secret: string): StoredTrainingItem[] {
  const exam = [...EXAM_KINDS];
  for (let i = exam.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [exam[i], exam[j]] = [exam[j]!, exam[i]!];
  }
  const make = (section: StoredTrainingItem['section']) => (ui: ItemUi): StoredTrainingItem => {
    const token = newToken();
    const { svg: _svg, ...item } = drawItem(ui, itemSeed(secret, token));
    return { token, section, ...item };
  };
  return [...PRACTICE_KINDS.map(make('practice')), ...exam.map(make('exam'))];
}

const section = (items: StoredTrainingItem[], which: StoredTrainingItem['section']) => items.filter((i) => i.section === which);

/** What the browser gets: picture URLs, instructions, sizes; answers only for practice items. */
export function publicTrainingItems(items: StoredTrainingItem[]): { practice: TrainingItem[]; exam: TrainingItem[] } {
  const view = (item: StoredTrainingItem, id: string): TrainingItem => ({
    id,
    ui: item.ui,
    image: pictureUrl(item.token),
    instruction: item.instruction,
    width: item.width,
    height: item.height,
    ...(item.rows ? { rows: item.rows, columns: item.columns } : {}),
  });
  return {
    practice: section(items, 'practice').map((item, i) => ({ ...view(item, `p${i}`), hint: `training.hints.${item.ui}`, answer: item.answer })),
    exam: section(items, 'exam').map((item, i) => view(item, `e${i}`)),
  };
}

function isCorrect(item: StoredTrainingItem, given: unknown): boolean {
  if (item.ui === 'text') return typeof given === 'string' && given.trim().toUpperCase() === item.answer;
  if (item.ui === 'grid') {
    const want = [...(item.answer as number[])].sort((a, b) => a - b).join(',');
    return Array.isArray(given) && [...new Set(given.map(Number))].sort((a, b) => a - b).join(',') === want;
  }
  const stars = item.answer as { x: number; y: number }[];
  if (!Array.isArray(given) || given.length !== stars.length) return false;
  return stars.every((s) => (given as { x: number; y: number }[]).some((p) => Math.hypot(Number(p?.x) - s.x, Number(p?.y) - s.y) <= POINT_TOLERANCE));
}

/** Grades the exam items of a set against the answers keyed by the browser's ids (e0…). */
export function gradeExam(items: StoredTrainingItem[], answers: Record<string, unknown>): Pick<ExamResult, 'passed' | 'correct' | 'total' | 'wrong'> {
  const exam = section(items, 'exam');
  const wrong = exam.flatMap((item, i) => (isCorrect(item, answers[`e${i}`]) ? [] : [`e${i}`]));
  const correct = exam.length - wrong.length;
  return { passed: correct >= PASS_MARK, correct, total: exam.length, wrong };
}

/** The exam items' picture tokens, in exam order (e0, e1, …). */
export const examTokens = (items: StoredTrainingItem[]) => section(items, 'exam').map((i) => i.token);

/** Whether an exam of `items` exam items answered `elapsedMs` after it was issued is faster than a person. */
export const isTooFast = (examItems: number, elapsedMs: number) => elapsedMs < examItems * MIN_SECONDS_PER_ITEM * 1000;
