import { z } from 'zod';

const LANGS = ['en', 'ru', 'zh'] as const;
const language = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((l) => ((LANGS as readonly string[]).includes(l ?? '') ? (l as (typeof LANGS)[number]) : 'en'));

export const DemoParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'a demo slug') });
/** GET /api/v1/captcha-demo/{slug}: the spec names no parameters; `language` picks the question's language (default en). */
export const DemoQuerySchema = z.object({ language });

/** One issued demo captcha, as a site embeds it. The answer is never in it. */
export interface DemoChallenge {
  slug: string;
  own: true;
  id: string;
  /** The registry type a client sends it as. */
  type: string;
  /** A PNG as a data: URL (image kinds). */
  image: string | null;
  width: number | null;
  height: number | null;
  /** The question (text) or the instruction (click, grid, rotate, slider), in the requested language. */
  question: string | null;
  expiresAt: string;
}

/** A third-party demo: the provider's widget and its public test keys. */
export interface DemoWidget {
  slug: string;
  own: false;
  type: string;
  provider: string;
  variant: string | null;
  siteKey: string | null;
  script: string | null;
}

export type DemoIssue = DemoChallenge | DemoWidget;

/** POST /api/v1/captcha-demo/{slug}/verify: our captchas take { id, answer }, widgets { token }. */
export const DemoVerifySchema = z.union([
  z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'a demo captcha id'), answer: z.string().max(500) }),
  z.object({ token: z.string().min(1).max(10_000) }),
]);
export type DemoVerifyBody = z.infer<typeof DemoVerifySchema>;

export const DEMO_OUTCOMES = ['success', 'wrong', 'expired', 'used', 'unknown', 'provider_rejected', 'provider_unreachable', 'no_test_keys'] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

export interface DemoVerifyResult {
  success: boolean;
  outcome: DemoOutcome;
  /** Plain English for a script; the page shows its own translation of `outcome`. */
  message: string;
}

/** GET /api/v1/captcha-recognition: `ids` is a comma-separated list of example ids. */
export const RecognitionQuerySchema = z.object({
  language,
  hostname: z.string().trim().max(253).optional(),
  ids: z
    .string()
    .max(400)
    .regex(/^\d+(,\d+)*$/, 'comma-separated example ids')
    .optional()
    .transform((s) => (s ? s.split(',').map(Number).slice(0, 50) : undefined)),
});
export type RecognitionQuery = z.infer<typeof RecognitionQuerySchema>;

export interface RecognitionExample {
  id: number;
  /** The demo it was drawn from. */
  slug: string;
  type: string;
  image: string | null;
  question: string | null;
  /** The task's parameters as the API received them (without the image). */
  params: Record<string, unknown>;
  answer: string;
  solveSeconds: number;
  createdAt: string;
}

export interface RecognitionList {
  examples: RecognitionExample[];
  /** Examples per demo slug. */
  counts: Record<string, number>;
}
