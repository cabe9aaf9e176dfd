/**
 * Finished captchas of the dashboard spec's customer (e2e/customer/dashboard.spec.ts), written
 * before the server starts: two solved and one unsolvable, uploaded a few minutes ago. An
 * unsolvable task cannot be produced quickly through the API (it takes the lifetime or several
 * workers), so the states are seeded; the spec adds a queued and a solved one live.
 */
import { tasks } from '#server/db/schema/index.ts';
import type { Ctx } from '#server/lib/ctx.ts';

export const SEEDED_CUSTOMER_TASKS = [
  { type: 'normal', state: 'solved', price: 500, answer: 'W7KQ2', ageS: 300, solveS: 12 },
  { type: 'text', state: 'solved', price: 700, answer: 'Tuesday', ageS: 240, solveS: 6 },
  { type: 'normal', state: 'unsolvable', price: 500, answer: null, ageS: 180, solveS: 90 },
] as const;

export async function seedCustomerTasks(ctx: Ctx, customerId: number): Promise<void> {
  const now = Date.now();
  for (const s of SEEDED_CUSTOMER_TASKS) {
    const createdAt = new Date(now - s.ageS * 1000);
    await ctx.db.insert(tasks).values({
      customerId,
      type: s.type,
      kind: 'image',
      state: s.state,
      payload: { type: s.type, params: {} },
      price: s.price,
      reward: Math.floor(s.price * 0.6),
      apiVersion: 'v1',
      sourceIp: '127.0.0.1',
      maxAttempts: 3,
      attempts: 1,
      answer: s.answer === null ? null : { kind: 'text', text: s.answer },
      failure: s.state === 'unsolvable' ? 'ERROR_CAPTCHA_UNSOLVABLE' : null,
      createdAt,
      endedAt: new Date(createdAt.getTime() + s.solveS * 1000),
      expiresAt: new Date(createdAt.getTime() + 600_000),
    });
  }
}
