import { z } from 'zod';

/** One upheld mistake: what the worker saw and answered, and the trusted re-solve when known. */
export interface MistakeEvidence {
  taskId: number;
  /** Captcha type slug (names: pricing:types.<slug>). */
  type: string;
  /** The worker's answer (shared/captcha-types Answer), null when none was stored. */
  answer: Record<string, unknown> | null;
  /** The answer of the trusted worker who judged the report; null when unknown. */
  correct: Record<string, unknown> | null;
  /** GET /api/v2/moderation/tasks/:taskId/image serves the image (or the audio). */
  hasImage: boolean;
  /** The question or instructions shown with the task. */
  instructions: string | null;
  at: string;
}

/** GET /api/v2/moderation/workers: a worker paused for review. */
export interface BlockedWorker {
  userId: number;
  email: string;
  mistakes: number;
  blockedAt: string;
  /** Re-solves reported images to judge reports. */
  trusted: boolean;
  /** Flagged training exams (too fast, or answers to pictures never loaded); none qualified by itself. */
  flaggedExams: number;
  /** Newest first, at most 20. */
  evidence: MistakeEvidence[];
}

export const MODERATION_ACTIONS = ['unblock', 'retrain', 'ban', 'trust', 'untrust'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const ModerationActionSchema = z.object({ action: z.enum(MODERATION_ACTIONS) });

/** One exam question's timing: server-measured picture load, client-reported time spent (advisory). */
export interface FlaggedExamQuestion {
  ui: 'text' | 'grid' | 'points';
  /** ms from the exam's issue to the first load of the picture; null when it was never loaded. */
  seenAfterMs: number | null;
  /** ms the worker's page reported for the question; null when not sent. */
  clientMs: number | null;
}

/** GET /api/v2/moderation/exams: a flagged exam with a passing score, waiting for a decision. */
export interface FlaggedExam {
  /** training_attempts.id: POST /api/v2/moderation/exams/:id decides it. */
  id: number;
  userId: number;
  email: string;
  issuedAt: string;
  answeredAt: string;
  /** answeredAt − issuedAt. */
  elapsedMs: number;
  correct: number;
  total: number;
  tooFast: boolean;
  /** Correct answers to pictures that were never loaded. */
  unseen: number;
  /** The worker has meanwhile qualified (a later exam passed at a human pace). */
  trainingPassed: boolean;
  questions: FlaggedExamQuestion[];
}

export const EXAM_REVIEW_ACTIONS = ['approve', 'reject'] as const;
export type ExamReviewAction = (typeof EXAM_REVIEW_ACTIONS)[number];
export const ExamReviewSchema = z.object({ action: z.enum(EXAM_REVIEW_ACTIONS) });
