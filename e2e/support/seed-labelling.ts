/**
 * e2e/labelling/journey.spec.ts: the labelling customer's tasks default to Italian (labelling
 * copies carry the customer's default task language, like API image tasks) and its annotators
 * read only Italian, so the project's copies reach only them and they take no other spec's tasks
 * (a task without a language still may reach them: the spec skips it).
 */
import type { Ctx } from '#server/lib/ctx.ts';
import { upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { setWorkerLanguages } from '#server/modules/workers/workers.service.ts';

export const LABELLING_LANGUAGE = 'it';

export async function seedLabelling(ctx: Ctx, ids: { customer: number; annotators: number[] }): Promise<void> {
  await upsertApiSettings(ctx.db, ids.customer, { defaultLanguage: LABELLING_LANGUAGE });
  for (const id of ids.annotators) await setWorkerLanguages(ctx, id, [LABELLING_LANGUAGE]);
}
