/**
 * e2e/extension: the browser extension's customer sends its tasks in Portuguese by default and its
 * worker reads only Portuguese, so what the extension sends reaches only this worker, and this
 * worker skips back any language-free task of another spec that reaches it first
 * (Cabinet.nextTaskMatching; the demo captchas' known secret is seed-demo.ts's).
 */
import type { Ctx } from '#server/lib/ctx.ts';
import { upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { setWorkerLanguages } from '#server/modules/workers/workers.service.ts';

export const EXTENSION_LANGUAGE = 'pt';

export async function seedExtension(ctx: Ctx, ids: { customer: number; worker: number }): Promise<void> {
  await upsertApiSettings(ctx.db, ids.customer, { defaultLanguage: EXTENSION_LANGUAGE });
  await setWorkerLanguages(ctx, ids.worker, [EXTENSION_LANGUAGE]);
}
