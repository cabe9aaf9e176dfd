import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedWorker } from '#shared/contracts/moderation.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { seedPausedWorker } from '#server/test/seed-moderation.ts';

let t: TestApp;
let headers: Record<string, string>;
let workerId: number;
let evidence: number[];

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  const moderator = await buildUser(t, { moderator: true });
  const customer = await buildUser(t, { balance: '1.00' });
  workerId = (await buildUser(t, { userType: 'worker' })).id;
  evidence = await seedPausedWorker(t.database.db, { workerId, customerId: customer.id });
  headers = browserHeaders(t, await sessionCookieFor(t, moderator.id));
});
afterAll(() => t.close());

const list = async () => (await t.app.inject({ method: 'GET', url: '/api/v2/moderation/workers', headers })).json() as BlockedWorker[];

describe('moderation review queue', () => {
  it('lists a paused worker with the evidence: image, question, answer and the re-solve when known', async () => {
    const [w] = await list();
    expect(w).toMatchObject({ userId: workerId, mistakes: 5, trusted: false });
    expect(w!.evidence.map((e) => e.taskId)).toEqual([...evidence].reverse());
    const question = w!.evidence.at(-1)!;
    expect(question).toMatchObject({ type: 'text', hasImage: false, instructions: 'What is 2 + 2?', answer: { kind: 'text', text: '5' }, correct: null });
    expect(w!.evidence.find((e) => e.taskId === evidence[1])).toMatchObject({ type: 'normal', hasImage: true, answer: { text: 'wrong1' }, correct: { kind: 'text', text: 'right1' } });
  });

  it('serves the image of an evidence task, and nothing for other tasks', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/moderation/tasks/${evidence[1]}/image`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/moderation/tasks/${evidence[0]}/image`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/moderation/tasks/1/image', headers })).statusCode).toBe(404);
  });

  it('a ban takes the worker out of the queue', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v2/moderation/workers/${workerId}`, headers, payload: { action: 'ban' } });
    expect(res.json()).toEqual({ ok: true });
    expect(await list()).toEqual([]);
  });
});
