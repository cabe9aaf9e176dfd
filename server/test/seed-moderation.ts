import type { Db } from '#server/db/client.ts';
import { taskAttempts, tasks, workerProfiles } from '#server/db/schema/index.ts';
import { makePng } from './images.ts';

/**
 * A worker paused for review with `count` upheld mistakes on the customer's tasks, as the report
 * judging leaves them: solved image tasks reported "bad" and upheld, the worker's attempts marked
 * wrong, and for every other task a trusted re-solve with the right answer. The first task is a
 * text question (no image). Used by server tests and the e2e seed (e2e/support/seed-accounts.ts).
 * @returns the evidence task ids, oldest first
 */
export async function seedPausedWorker(db: Db, opts: { workerId: number; customerId: number; count?: number }): Promise<number[]> {
  const count = opts.count ?? 5;
  const ids: number[] = [];
  const base = Date.now() - count * 60_000;
  for (let i = 0; i < count; i++) {
    const at = new Date(base + i * 60_000);
    const question = i === 0;
    const [task] = await db
      .insert(tasks)
      .values({
        customerId: opts.customerId,
        type: question ? 'text' : 'normal',
        kind: 'image',
        state: 'solved',
        payload: question ? { type: 'text', params: { comment: 'What is 2 + 2?' } } : { type: 'normal', params: {} },
        image: question ? null : makePng(120, 40, i + 1),
        price: 1000,
        reward: 600,
        apiVersion: 'v1',
        sourceIp: '127.0.0.1',
        attempts: 1,
        maxAttempts: 3,
        answer: { kind: 'text', text: question ? '5' : `wrong${i}` },
        solvedBy: opts.workerId,
        endedAt: at,
        expiresAt: new Date(at.getTime() + 120_000),
        reportedAt: at,
        report: 'bad',
        reportOutcome: 'upheld',
        createdAt: at,
      })
      .returning({ id: tasks.id });
    ids.push(task!.id);
    await db.insert(taskAttempts).values({ taskId: task!.id, workerId: opts.workerId, outcome: 'wrong', answer: { kind: 'text', text: question ? '5' : `wrong${i}` }, createdAt: at });
    if (i % 2 === 1) {
      await db.insert(tasks).values({
        customerId: opts.customerId,
        type: 'normal',
        kind: 'image',
        state: 'solved',
        payload: { type: 'normal', params: {} },
        price: 0,
        reward: 0,
        apiVersion: 'site',
        sourceIp: '127.0.0.1',
        attempts: 1,
        maxAttempts: 3,
        answer: { kind: 'text', text: `right${i}` },
        endedAt: at,
        expiresAt: new Date(at.getTime() + 120_000),
        verifiesTaskId: task!.id,
      });
    }
  }
  await db
    .insert(workerProfiles)
    .values({ userId: opts.workerId, trainingPassedAt: new Date(base - 60_000), mistakes: count, blockedAt: new Date() })
    .onConflictDoUpdate({ target: workerProfiles.userId, set: { mistakes: count, blockedAt: new Date() } });
  return ids;
}
