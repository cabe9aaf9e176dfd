/**
 * e2e/demo: the demo captchas are drawn from a known secret (so the spec knows the answer a person
 * reads off the picture, like E2E_TRAINING_SECRET for exams); its customer's tasks default to
 * Japanese and its worker reads only Japanese, so the tasks the client library and the extension
 * send reach only this worker; a language-free task of another spec that reaches this worker
 * first is skipped back (Cabinet.nextTaskMatching).
 */
import type { Ctx } from '#server/lib/ctx.ts';
import { getOrCreateSecret } from '#server/modules/settings/secrets.repo.ts';
import { upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { setWorkerLanguages } from '#server/modules/workers/workers.service.ts';

export const DEMO_LANGUAGE = 'ja';
/** Test seeding only: a real server makes its own demo secret. */
export const E2E_DEMO_SECRET = 'e2e-demo-secret-not-for-production-0123456789abcdef';

export async function seedDemo(ctx: Ctx, ids: { customer: number; worker: number }): Promise<void> {
  await getOrCreateSecret(ctx.db, 'demo', () => E2E_DEMO_SECRET);
  await upsertApiSettings(ctx.db, ids.customer, { defaultLanguage: DEMO_LANGUAGE });
  await setWorkerLanguages(ctx, ids.worker, [DEMO_LANGUAGE]);
}
