/**
 * e2e/software: its worker reads only Turkish tasks and the spec submits with lang=tr, so no other
 * spec's worker takes them; a language-free task of another spec that reaches this worker is
 * skipped back (Cabinet.nextTaskMatching).
 */
import type { Ctx } from '#server/lib/ctx.ts';
import { setWorkerLanguages } from '#server/modules/workers/workers.service.ts';

export const SOFTWARE_LANGUAGE = 'tr';

export async function seedSoftware(ctx: Ctx, ids: { worker: number }): Promise<void> {
  await setWorkerLanguages(ctx, ids.worker, [SOFTWARE_LANGUAGE]);
}
