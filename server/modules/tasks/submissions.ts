import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import * as repo from './tasks.repo.ts';
import { TaskError } from './task-error.ts';

/** The channel every node LISTENs on for queued and ended tasks. */
export const TASK_CHANNEL = 'tasks';
/** `queued` carries `customerId` when the task is new (a submission), so the customer's dashboard hears of it. */
export type TaskEvent = { kind: 'queued'; id: number; type: string; customerId?: number } | { kind: 'ended'; id: number; customerId: number; state: 'solved' | 'unsolvable' };

/** Announces task events on the task channel (delivered when the transaction commits). */
export async function notifyTasks(db: Db, events: TaskEvent[]) {
  if (events.length === 0) return;
  const payloads = sql.join(events.map((e) => sql`(${JSON.stringify(e)})`), sql`, `);
  await db.execute(sql`select pg_notify(${TASK_CHANNEL}, p) from (values ${payloads}) as v(p)`);
}

/** A priced task ready to be queued; `price` is charged to `customerId`. */
export type Submission = repo.NewQueuedTask;

/**
 * Queues tasks and charges them, all in one statement (see tasks.repo queueAndCharge).
 * @returns each submission's task id, or null where the balance fell short (nothing written for it)
 */
export function writeSubmissions(db: Db, items: Submission[]): Promise<(number | null)[]> {
  return repo.queueAndCharge(db, items, TASK_CHANNEL);
}

interface Waiting {
  item: Submission;
  resolve: (id: number) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for submissions: while one batch is being written, the next ones gather, and are
 * written together in the following transaction. Under load this turns hundreds of small
 * transactions (each waiting for its own disk flush and for the customer's balance row) into a
 * few large ones; when idle a submission is written at once, alone.
 *
 * A batch that fails as a whole (which valid input should never cause) is retried one
 * submission at a time, so one bad row cannot sink its neighbours.
 */
export class SubmissionQueue {
  private waiting: Waiting[] = [];
  private writers = 0;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 500,
    /** Batches written at once: a second writer gathers and plans while the first commits. */
    private readonly maxWriters = 2,
  ) {}

  /** @throws TaskError ERROR_ZERO_BALANCE when the customer's balance does not cover the price */
  submit(item: Submission): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.writers < this.maxWriters) void this.drain();
    });
  }

  private async drain() {
    this.writers++;
    try {
      while (this.waiting.length > 0) await this.write(this.waiting.splice(0, this.maxBatch));
    } finally {
      this.writers--;
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    let ids: (number | null)[];
    try {
      ids = await writeSubmissions(this.db, batch.map((w) => w.item));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const one of batch) await this.write([one]);
      return;
    }
    batch.forEach((w, i) => {
      const id = ids[i];
      if (id === null || id === undefined) w.reject(new TaskError('ERROR_ZERO_BALANCE', 'Your balance is too low.'));
      else w.resolve(id);
    });
  }
}
