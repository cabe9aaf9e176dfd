import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { remindersSettled } from '#server/modules/auth/auth.service.ts';
import { buildTestApp, linksInMail, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser } from '#server/test/factories.ts';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({ write: (chunk, _enc, cb) => (logLines.push(String(chunk)), cb()) });
  // Per-IP request limits off: this file signs in far more often than a person would; the
  // per-account lockout it tests is separate and always on.
  t = await buildTestApp({ RATE_LIMITS: 'false' }, { logger: { level: 'trace', stream } });
});
afterAll(() => t.close());

/** Every CSRF token sent, for the log test. */
const sentCsrf: string[] = [];
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session?: string) {
  const headers = browserHeaders(t, session);
  sentCsrf.push(headers['x-csrf-token']);
  return t.app.inject({ method, url, payload, headers });
}
const sessionOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'sid');
  return c ? `sid=${c.value}` : undefined;
};
/** ['auth', 'check_key', hash, userId, status?] of a mailed link, without its language prefix. */
const pathOf = (link: string) => {
  const parts = new URL(link).pathname.split('/').filter(Boolean);
  if (parts[0]!.length === 2) parts.shift();
  return parts;
};

describe('registration and confirmation', () => {
  it('registers, mails a single-use confirmation link that signs in, and stores argon2id', async () => {
    const email = 'new.customer@example.test';
    const res = await call('POST', '/api/v2/auth/register', { email, password: 'a long password 1', userType: 'customer', language: 'ru' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await t.database.db.select().from(users).where(sql`email = ${email}`);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.emailConfirmedAt).toBeNull();

    const link = linksInMail(t, email)[0]!;
    expect(link).toContain('/ru/auth/check_key/');
    const [, , hash, userId] = pathOf(link);
    // Not confirmed yet: sign-in is refused with a clear code.
    const early = await call('POST', '/api/v2/auth/login', { email, password: 'a long password 1' });
    expect(early.json().error.code).toBe('EMAIL_NOT_CONFIRMED');

    const confirm = await call('POST', '/api/v2/auth/check-key', { hash, userId });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ status: 'ok', homePath: '/enterpage' });
    const session = sessionOf(confirm);
    expect(session).toBeTruthy();

    const me = await call('GET', '/api/v2/user', undefined, session);
    expect(me.statusCode).toBe(200);
    const user = me.json();
    expect(Object.keys(user).sort()).toEqual(['analyticsData', 'balance', 'email', 'id', 'interfaceLanguage', 'permissions', 'profile', 'systemMessage'].sort());
    expect(user).toMatchObject({
      profile: { userType: 'customer' },
      permissions: { admin: false, moderator: false },
      balance: { amount: '0.00' },
      interfaceLanguage: 'ru',
      analyticsData: { daysSinceRegistration: 0, daysSinceLastPayment: null, earnedOnCaptcha: '0.00', spentOnCaptcha: '0.00' },
      systemMessage: null,
    });

    const again = await call('POST', '/api/v2/auth/check-key', { hash, userId });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('LINK_INVALID');
  });

  it('answers alike for a taken address and mails its owner instead', async () => {
    const owner = await buildUser(t);
    const before = t.app.mailer.outbox().length;
    const res = await call('POST', '/api/v2/auth/register', { email: owner.email, password: 'another password', language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const outbox = t.app.mailer.outbox();
    expect(outbox.length).toBe(before + 1);
    expect(outbox[0]!.subject).toMatch(/tried to register/);
  });

  it('refuses weak input with a clear validation error', async () => {
    const res = await call('POST', '/api/v2/auth/register', { email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details.map((d: { path: string }) => d.path).sort()).toEqual(['/email', '/password']);
  });
});

describe('sign-in', () => {
  it('sets a signed HttpOnly SameSite=Lax session cookie and rotates it on sign-in', async () => {
    const u = await buildUser(t);
    const first = await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password });
    expect(first.json()).toEqual({ status: 'ok', homePath: '/enterpage' });
    const cookie = first.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/\./); // signed
    const second = await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password }, sessionOf(first));
    expect(sessionOf(second)).not.toBe(sessionOf(first));
    // The replaced session no longer works.
    expect((await call('GET', '/api/v2/user', undefined, sessionOf(first))).statusCode).toBe(401);
    expect((await call('GET', '/api/v2/user', undefined, sessionOf(second))).statusCode).toBe(200);
  });

  it('marks the cookie Secure behind https', async () => {
    const secure = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const u = await buildUser(secure);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { email: u.email, password: u.password },
        headers: browserHeaders(secure, undefined, { https: true }),
      });
      expect(res.cookies.find((c) => c.name === '__Host-sid')!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('says "wrong e-mail or password" alike, then locks out repeated failures', async () => {
    const u = await buildUser(t);
    const unknown = await call('POST', '/api/v2/auth/login', { email: 'nobody@example.test', password: 'whatever' });
    const wrong = await call('POST', '/api/v2/auth/login', { email: u.email, password: 'wrong password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    for (let i = 0; i < 4; i++) await call('POST', '/api/v2/auth/login', { email: u.email, password: 'wrong password' });
    const locked = await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('signs out and signs out everywhere', async () => {
    const u = await buildUser(t);
    const a = sessionOf(await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password }));
    const b = sessionOf(await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password }));
    await call('POST', '/api/v2/auth/logout', undefined, a);
    expect((await call('GET', '/api/v2/user', undefined, a)).statusCode).toBe(401);
    expect((await call('GET', '/api/v2/user', undefined, b)).statusCode).toBe(200);
    const c = sessionOf(await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password }));
    await call('POST', '/api/v2/auth/logout-everywhere', undefined, c);
    expect((await call('GET', '/api/v2/user', undefined, b)).statusCode).toBe(401);
  });

  it('answers 400 ERROR_EMPTY_USER when the session outlives its user', async () => {
    const u = await buildUser(t);
    const s = sessionOf(await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password }));
    await t.database.db.execute(sql`delete from users where id = ${u.id}`);
    const res = await call('GET', '/api/v2/user', undefined, s);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ERROR_EMPTY_USER');
  });
});

describe('two-factor authentication', () => {
  it('enables TOTP, then requires the code (or a recovery code) at sign-in', async () => {
    const u = await buildUser(t);
    const s = sessionOf(await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password }));
    const setup = (await call('POST', '/api/v2/profile/2fa/setup', undefined, s)).json();
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const wrong = await call('POST', '/api/v2/profile/2fa/enable', { code: '000000' }, s);
    expect(wrong.json().error.code).toBe('TWO_FACTOR_INVALID');
    const enableCode = await generate({ secret: setup.secret });
    const enabled = await call('POST', '/api/v2/profile/2fa/enable', { code: enableCode }, s);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);

    const pending = await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password });
    expect(pending.json()).toEqual({ status: 'two_factor_required' });
    const p = sessionOf(pending);
    expect((await call('GET', '/api/v2/user', undefined, p)).statusCode).toBe(401);
    expect((await call('GET', '/api/v2/auth/status', undefined, p)).json()).toEqual({ state: 'two_factor_pending' });
    expect((await call('POST', '/api/v2/auth/2fa', { code: '123456' }, p)).json().error.code).toBe('TWO_FACTOR_INVALID');
    // A code works once: the one that enabled 2FA is refused; the next period's code is accepted.
    expect((await call('POST', '/api/v2/auth/2fa', { code: enableCode }, p)).json().error.code).toBe('TWO_FACTOR_INVALID');
    const nextCode = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await call('POST', '/api/v2/auth/2fa', { code: nextCode }, p);
    expect(done.json()).toEqual({ status: 'ok', homePath: '/enterpage' });
    expect((await call('GET', '/api/v2/user', undefined, p)).statusCode).toBe(200);

    const viaRecovery = sessionOf(await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password }));
    expect((await call('POST', '/api/v2/auth/2fa', { code: recoveryCodes[0] }, viaRecovery)).statusCode).toBe(200);
    const reused = sessionOf(await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password }));
    expect((await call('POST', '/api/v2/auth/2fa', { code: recoveryCodes[0] }, reused)).statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  it('answers alike for known and unknown addresses', async () => {
    const u = await buildUser(t);
    const known = await call('POST', '/api/v2/auth/remind', { email: u.email });
    const unknown = await call('POST', '/api/v2/auth/remind', { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('resets the password through a single-use, expiring link', async () => {
    const u = await buildUser(t);
    await call('POST', '/api/v2/auth/remind', { email: u.email });
    await remindersSettled();
    const [, , hash, userId] = pathOf(linksInMail(t, u.email)[0]!);
    const reset = await call('POST', '/api/v2/auth/check-remind', { hash, userId, password: 'brand new password' });
    expect(reset.statusCode).toBe(200);
    expect((await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await call('POST', '/api/v2/auth/login', { email: u.email, password: 'brand new password' })).statusCode).toBe(200);
    expect((await call('POST', '/api/v2/auth/check-remind', { hash, userId, password: 'third password!' })).statusCode).toBe(410);

    await call('POST', '/api/v2/auth/remind', { email: u.email });

    await remindersSettled();
    const [, , hash2, userId2] = pathOf(linksInMail(t, u.email)[0]!);
    await t.database.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 second' where user_id = ${u.id}`);
    const expired = await call('POST', '/api/v2/auth/check-remind', { hash: hash2, userId: userId2, password: 'fourth password!' });
    expect(expired.statusCode).toBe(410);
  });
});

describe('e-mail change', () => {
  it('changes the address through the link sent to the new one', async () => {
    const u = await buildUser(t);
    const s = sessionOf(await call('POST', '/api/v2/auth/login', { email: u.email, password: u.password }));
    const res = await call('PUT', '/api/v2/profile/email', { email: 'moved@example.test', password: u.password }, s);
    expect(res.json()).toEqual({ ok: true });
    // The cancel link mailed to the old address cannot be turned into a confirmation.
    const [, , cancelHash, cancelUser, cancelStatus] = pathOf(linksInMail(t, u.email)[0]!);
    expect(cancelStatus).toBe('cancel');
    const forged = await call('POST', '/api/v2/auth/change-email', { hash: cancelHash, userId: cancelUser, status: 'confirm' });
    expect(forged.statusCode).toBe(410);
    const link = linksInMail(t, 'moved@example.test')[0]!;
    const [, , hash, userId, status] = pathOf(link);
    expect(status).toBe('confirm');
    const done = await call('POST', '/api/v2/auth/change-email', { hash, userId, status });
    expect(done.json()).toEqual({ status: 'changed' });
    expect((await call('GET', '/api/v2/user', undefined, s)).json().email).toBe('moved@example.test');
  });
});

describe('logs', () => {
  it('never contain passwords, session tokens, hashes or API keys', async () => {
    const u = await buildUser(t, { password: 'Sup3r-Secret-Passw0rd' });
    const login = await call('POST', '/api/v2/auth/login', { email: u.email, password: 'Sup3r-Secret-Passw0rd' });
    const token = login.cookies.find((c) => c.name === 'sid')!.value;
    await call('GET', '/api/v2/user', undefined, `sid=${token}`);
    await call('POST', '/api/v2/auth/remind', { email: u.email });
    await remindersSettled();
    const hash = pathOf(linksInMail(t, u.email)[0]!)[2]!;
    await call('POST', '/api/v2/auth/check-remind', { hash, userId: u.id, password: 'Another-Secret-1' });
    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of ['Sup3r-Secret-Passw0rd', 'Another-Secret-1', token.split('.')[0]!, hash, u.apiKey, ...sentCsrf]) {
      expect(logs).not.toContain(secret);
    }
  });
});
