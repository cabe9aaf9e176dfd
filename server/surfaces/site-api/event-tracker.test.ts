import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '#server/db/schema/index.ts';
import { buildTestApp, csrfFor, type TestApp } from '#server/test/app.ts';

let t: TestApp;
let csrf: { cookie: string; header: string };
beforeAll(async () => {
  t = await buildTestApp();
  csrf = await csrfFor(t.app);
});
afterAll(() => t.close());

const post = (payload: unknown, withCsrf = true) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/event-tracker',
    headers: withCsrf ? { cookie: csrf.cookie, 'x-csrf-token': csrf.header } : {},
    payload: payload as object,
  });

describe('POST /api/v1/event-tracker', () => {
  it('stores a referral event', async () => {
    const res = await post({ type: 'referral', data: { from: 'partner42', source: 'blog', unique: true } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(trackingEvents).orderBy(desc(trackingEvents.id)).limit(1);
    expect(row).toMatchObject({ type: 'referral', data: { from: 'partner42', source: 'blog', unique: true } });
    expect(res.json()).toEqual({ ok: true, id: row!.id });
  });

  it('stores a campaign event with utm fields', async () => {
    const res = await post({ type: 'campaign', data: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'nov' } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(trackingEvents).orderBy(desc(trackingEvents.id)).limit(1);
    expect(row).toMatchObject({ type: 'campaign', data: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'nov' } });
  });

  it('refuses a mutation without the CSRF token and stores nothing', async () => {
    const before = await t.database.db.$count(trackingEvents);
    const res = await post({ type: 'referral', data: { from: 'x' } }, false);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'CSRF_FAILED' } });
    expect(await t.database.db.$count(trackingEvents)).toBe(before);
  });

  it.each([
    [{ type: 'referral', data: {} }],
    [{ type: 'campaign', data: { utm_medium: 'email' } }],
    [{ type: 'other', data: { from: 'x' } }],
    [{ type: 'referral', data: { from: 'x'.repeat(600) } }],
  ])('answers 400 with a clear error for %j', async (payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers malformed JSON and foreign content types with a clear 4xx', async () => {
    const headers = { cookie: csrf.cookie, 'x-csrf-token': csrf.header };
    const broken = await t.app.inject({ method: 'POST', url: '/api/v1/event-tracker', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"type":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('VALIDATION_FAILED');
    const text = await t.app.inject({ method: 'POST', url: '/api/v1/event-tracker', headers: { ...headers, 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
