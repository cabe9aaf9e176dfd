import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';

/** GET /api/v2/worker: what the cabinet shows besides the live task. */
export interface WorkerSummary {
  languages: string[];
  trainingPassed: boolean;
  blocked: boolean;
  qualified: boolean;
  /** USD decimal strings. */
  balance: string;
  earnedToday: string;
  solvedToday: number;
  /** The account may solve its own sandbox tasks (customer setting). */
  sandbox: boolean;
}

export const WorkerLanguagesSchema = z.object({ languages: z.array(z.enum(LANGUAGES)).min(1).max(15) });

/**
 * A training item: a raster picture with an instruction; part 1 shows the answer, part 2 does not.
 * `image` is an opaque per-attempt URL (GET /api/v2/worker/training/images/:token, PNG).
 */
export interface TrainingItem {
  id: string;
  ui: 'text' | 'grid' | 'points';
  image: string;
  instruction: string;
  /** Grid size for grid items. */
  rows?: number;
  columns?: number;
  width: number;
  height: number;
  hint?: string;
  answer?: unknown;
}

export interface TrainingState {
  passed: boolean;
  attempt: number;
  practice: TrainingItem[];
  exam: TrainingItem[];
  /** Correct answers needed out of exam.length. */
  passMark: number;
  /** This attempt's exam was already submitted: "start over" draws a new one. */
  examSubmitted: boolean;
  /** Exam submissions allowed in any 24 hours, and how many are left now. */
  examsPerDay: number;
  examsLeft: number;
  /**
   * When the next submission is allowed (ISO time), while none is left in 24 hours or during the
   * cooldown after a failed exam; else null.
   */
  nextExamAt: string | null;
  /** Minutes to wait after a failed (or flagged) exam before the next submission. */
  cooldownMinutes: number;
  /** An exam answered too fast but otherwise passing waits for a moderator's decision. */
  reviewPending: boolean;
}

export const ExamSchema = z.object({
  attempt: z.number().int().min(0),
  answers: z.record(z.string().max(40), z.unknown()),
  /** Optional, advisory: per exam item, ms from the exam's display to the item's last change (shown to moderators). */
  timings: z.record(z.string().max(40), z.number().int().min(0).max(86_400_000)).optional(),
});
export interface ExamResult {
  passed: boolean;
  correct: number;
  total: number;
  wrong: string[];
  /** Answered faster than a person can: flagged for moderators, and not qualifying. */
  tooFast: boolean;
  /** Flagged (too fast, or answers to pictures that were never loaded): does not qualify by itself. */
  flagged: boolean;
  /** A flagged exam with a passing score waits for a moderator, who may approve it (it then qualifies). */
  awaitingReview: boolean;
}

export interface MistakeRow {
  taskId: number;
  type: string;
  at: string;
  answer: unknown;
  /** What was accepted instead, when known. */
  correct: unknown | null;
}
