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
  /** Training exams answered faster than a person can (training_attempts.too_fast); they never qualified. */
  flaggedExams: number;
  /** Newest first, at most 20. */
  evidence: MistakeEvidence[];
}

export const MODERATION_ACTIONS = ['unblock', 'retrain', 'ban', 'trust', 'untrust'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const ModerationActionSchema = z.object({ action: z.enum(MODERATION_ACTIONS) });
