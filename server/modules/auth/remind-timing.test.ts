/**
 * Issue 21, finding 5: POST /auth/remind took twice as long for an address with an account (the
 * token and the mail) as for one without. Now both answer after the same work (the throttles) and
 * the lookup and the mail happen after the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '#server/modules/mail/mail.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { remind, remindersSettled } from './auth.service.ts';

let t: TestApp;
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
      expect(sent, email).toEqual([]); // nothing looked up or mailed before the answer
    }
    release();
    await remindersSettled();
    expect(sent.map((m) => m.to).sort()).toEqual([user.email, 'nobody-here@example.test'].sort());
  });
});
