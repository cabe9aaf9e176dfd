/**
 * Issue 21, finding 5: POST /auth/remind took twice as long for an address with an account (the
 * token and the mail) as for one without. Now both answer after the same work (the throttles) and
 * the lookup and the mail happen after the answer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '#server/db/schema/index.ts';
import type { Mail } from '#server/modules/mail/mail.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { remind, remindersSettled } from './auth.service.ts';

let t: TestApp;

/**
 * The SQL statements (text, without parameters) issued while `run` is awaited, read through
 * drizzle's query logger: a spy on the real database, every statement still runs. Work scheduled
 * after the answer (setImmediate) starts once `run` has resolved and the logger is restored; the
 * app's own background jobs are told apart by their async context.
 */
async function statementsDuring(app: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  const session = (app.database.db as unknown as { session: { logger: { logQuery(query: string, params: unknown[]): void } } }).session;
  const original = session.logger;
  const seen: string[] = [];
  // Only statements of `run` itself: the app's background jobs share the database.
  const mine = new AsyncLocalStorage<true>();
  session.logger = {
    logQuery: (query, params) => {
      if (mine.getStore()) seen.push(query);
      original.logQuery(query, params);
    },
  };
  try {
    await mine.run(true, run);
  } finally {
    session.logger = original;
  }
  return seen;
}
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

describe('remind', () => {
  it('answers before looking the address up or mailing, for known and unknown addresses alike', async () => {
    const sent: Mail[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // A mailer that never finishes until released: remind() must not wait for it.
    const mailer = { send: async (m: Mail) => { sent.push(m); await gate; }, outbox: () => [] };
    const ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer };
    const user = await buildUser(t);
    for (const email of [user.email, 'nobody-here@example.test']) {
      const answered = await Promise.race([
        remind(ctx, email, 'en', { ip: '198.51.100.7', userAgent: 'test' }).then(() => 'answered'),
        new Promise((r) => setTimeout(() => r('waited for the mail'), 2_000)),
      ]);
      expect(answered, email).toBe('answered');
      // Nothing looked up or mailed for this address before the answer (the previous address's
      // work may be running by now: on PostgreSQL each of its statements takes a round trip).
      expect(sent.filter((m) => m.to === email), email).toEqual([]);
    }
    release();
    await remindersSettled();
    expect(sent.map((m) => m.to).sort()).toEqual([user.email, 'nobody-here@example.test'].sort());
  });

  it('runs the same SQL before answering, whether the address has an account or not', async () => {
    const ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: { send: async () => {}, outbox: () => [] } };
    const user = await buildUser(t);
    const known = await statementsDuring(t, () => remind(ctx, user.email, 'en', { ip: '198.51.100.8', userAgent: 'test' }));
    await remindersSettled(); // so its after-answer work is not counted in the next call
    const unknown = await statementsDuring(t, () => remind(ctx, 'still-nobody@example.test', 'en', { ip: '198.51.100.8', userAgent: 'test' }));
    expect(known.length).toBeGreaterThan(0);
    expect(known).toEqual(unknown);
    expect(known.join('\n')).not.toMatch(/"users"|auth_tokens/);
    await remindersSettled();
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id))).toEqual([expect.objectContaining({ purpose: 'remind' })]);
  });
});
