/**
 * A worker in /cabinet who solves one given task. Workers of the customer specs read only their
 * spec's language, so they get only their spec's tasks; a task without a language from a spec
 * running alongside could still be offered while they wait: it is skipped straight back.
 */
import type { TaskOffer } from '../../shared/contracts/realtime.ts';
import type { Cabinet } from '../compat/cabinet.ts';
import { tr } from '../support/app.ts';

/** Waits for task `id` (or an offer `id` accepts) on the worker's screen, skipping any other, types `text`, submits; returns the offer. */
export async function solveOwn(cabinet: Cabinet, id: number | ((offer: TaskOffer) => boolean), text: string, since = cabinet.mark()) {
  const mine = typeof id === 'number' ? (offer: TaskOffer) => offer.id === id : id;
  const { offer, stage, since: after } = await cabinet.nextTaskMatching(mine, since);
  await stage.getByRole('textbox', { name: tr('en', 'worker:solver.text.label') }).fill(text);
  await cabinet.submit(stage);
  const accepted = await cabinet.accepted(offer.id, after);
  return { offer, accepted };
}
