import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoChallenge, DemoVerifyResult, RecognitionList } from '#shared/contracts/demo.ts';
import { findDemo, type WidgetDemoDef } from '#shared/demo/catalog.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { answerTask, claimTask } from '#server/modules/tasks/tasks.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser } from '#server/test/factories.ts';
import { check, generate, seededRandom } from './generators.ts';
import { pruneDemoChallenges, verifyWidget } from './demo.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });

async function issue(slug: string, language = 'en'): Promise<DemoChallenge> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/captcha-demo/${slug}?language=${language}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as DemoChallenge;
}

async function verify(slug: string, body: unknown): Promise<{ status: number; body: DemoVerifyResult }> {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/captcha-demo/${slug}/verify`, headers: browserHeaders(t), payload: body as object });
  return { status: res.statusCode, body: res.json() as DemoVerifyResult };
}

/** The answer the server keeps (tests only: the API never returns it). */
async function secretOf(id: string): Promise<Record<string, unknown>> {
  const res = await t.database.db.execute(sql`select answer from demo_challenges where id = ${id}`);
  return (res.rows[0] as { answer: Record<string, unknown> }).answer;
}

const fresh = () => seededRandom('test', String(Math.random()));

describe('demo captchas', () => {
  it('draws each captcha from the secret and its id: the same pair gives the same answer, another id another', async () => {
    const a = await generate('normal', 'en', seededRandom('s', 'id-1'));
    const b = await generate('normal', 'en', seededRandom('s', 'id-1'));
    const c = await generate('normal', 'en', seededRandom('s', 'id-2'));
    expect(a.answer).toEqual(b.answer);
    expect(a.answer).not.toEqual(c.answer);
    expect((await generate('text', 'en', seededRandom('s', 'id-1'))).question).toBe((await generate('text', 'en', seededRandom('s', 'id-1'))).question);
  });

  it('issues a PNG without its answer; right once, then used; wrong uses it up; unknown ids and slugs', async () => {
    const c = await issue('normal');
    expect(c.image).toMatch(/^data:image\/png;base64,/);
    expect(JSON.stringify(c)).not.toContain(String((await secretOf(c.id)).text));
    const meta = await sharp(Buffer.from(c.image!.split(',')[1]!, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 70]);
    const { text } = (await secretOf(c.id)) as { text: string };

    expect((await verify('normal', { id: c.id, answer: text.toUpperCase() })).body).toMatchObject({ success: true, outcome: 'success' });
    expect((await verify('normal', { id: c.id, answer: text })).body).toMatchObject({ success: false, outcome: 'used' });

    const d = await issue('normal');
    expect((await verify('normal', { id: d.id, answer: 'nope!' })).body).toMatchObject({ success: false, outcome: 'wrong' });
    const { text: right } = (await secretOf(d.id)) as { text: string };
    expect((await verify('normal', { id: d.id, answer: right })).body.outcome).toBe('used');

    expect((await verify('normal', { id: 'x'.repeat(24), answer: 'a' })).body.outcome).toBe('unknown');
    // A captcha of one demo is not an answer to another.
    const e = await issue('text');
    expect((await verify('normal', { id: e.id, answer: 'a' })).body.outcome).toBe('unknown');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/captcha-demo/nope' })).statusCode).toBe(404);
    expect((await verify('normal', { answer: 'x' })).status).toBe(400);
    // CSRF like every mutation.
    const noCsrf = await t.app.inject({ method: 'POST', url: `/api/v1/captcha-demo/normal/verify`, payload: { id: c.id, answer: 'x' } });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('refuses an expired captcha', async () => {
    const c = await issue('text');
    await t.database.db.execute(sql`update demo_challenges set expires_at = now() - interval '1 second' where id = ${c.id}`);
    const { text } = (await secretOf(c.id)) as { text: string };
    expect((await verify('text', { id: c.id, answer: text })).body).toMatchObject({ success: false, outcome: 'expired' });
    // A day past expiry the row is pruned (the hourly job); a fresh one stays.
    const fresh = await issue('text');
    await t.database.db.execute(sql`update demo_challenges set expires_at = now() - interval '25 hours' where id = ${c.id}`);
    expect(await pruneDemoChallenges(ctx())).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.execute(sql`select id from demo_challenges where id in (${c.id}, ${fresh.id})`);
    expect(left.rows.map((r) => (r as { id: string }).id)).toEqual([fresh.id]);
  });

  it('asks the text question in the page language and checks the arithmetic', async () => {
    const ru = await issue('text', 'ru');
    expect(ru.image).toBeNull();
    expect(ru.question).toMatch(/Сколько будет/);
    const zh = await issue('text', 'zh');
    expect(zh.question).toMatch(/等于多少/);
    const m = /(\d+) (плюс|минус) (\d+)/.exec(ru.question!)!;
    const expected = m[2] === 'плюс' ? Number(m[1]) + Number(m[3]) : Number(m[1]) - Number(m[3]);
    expect((await verify('text', { id: ru.id, answer: ` ${expected} ` })).body.outcome).toBe('success');
  });

  it('checks every kind of our own captchas', async () => {
    const click = await generate('clickcaptcha', 'en', fresh());
    const targets = click.answer.targets as { x: number; y: number }[];
    expect(check('clickcaptcha', click.answer, targets.map((p) => `x=${p.x},y=${p.y}`).join(';'))).toBe(true);
    expect(check('clickcaptcha', click.answer, `coordinates:${targets.map((p) => `x=${p.x + 3},y=${p.y - 2}`).join(';')}`)).toBe(true);
    expect(check('clickcaptcha', click.answer, targets.slice(1).map((p) => `${p.x},${p.y}`).join(';'))).toBe(false);
    expect(check('clickcaptcha', click.answer, [...targets.map((p) => `${p.x},${p.y}`), '1,1'].join(';'))).toBe(false);

    const grid = await generate('grid', 'en', fresh());
    const tiles = grid.answer.tiles as number[];
    expect(check('grid', grid.answer, `click:${tiles.join('/')}`)).toBe(true);
    expect(check('grid', grid.answer, [...tiles].reverse().join(','))).toBe(true);
    expect(check('grid', grid.answer, tiles.slice(1).join(','))).toBe(false);

    const rot = await generate('rotatecaptcha', 'en', fresh());
    const angle = rot.answer.angle as number;
    expect(check('rotatecaptcha', rot.answer, String(angle + 10))).toBe(true);
    expect(check('rotatecaptcha', rot.answer, String(angle + 40))).toBe(false);

    const slider = await generate('slider', 'en', fresh());
    const x = slider.answer.x as number;
    expect(check('slider', slider.answer, String(x - 8))).toBe(true);
    expect(check('slider', slider.answer, `x=${x},y=60`)).toBe(true);
    expect(check('slider', slider.answer, String(x + 40))).toBe(false);
    for (const g of [click, grid, rot, slider]) expect((await sharp(g.image!).metadata()).format).toBe('png');
  });

  it('third-party widgets: the test keys are issued; verify says plainly when the provider cannot be reached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/captcha-demo/hcaptcha' });
    expect(res.json()).toMatchObject({ own: false, provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001' });
    const demo = findDemo('turnstile') as WidgetDemoDef;
    const offline = await verifyWidget(demo, 'token', () => Promise.reject(new TypeError('fetch failed')));
    expect(offline).toMatchObject({ success: false, outcome: 'provider_unreachable' });
    expect(offline.message).toMatch(/cannot be reached/);
    const sent: string[] = [];
    const online = await verifyWidget(demo, 'XXXX.DUMMY.TOKEN', async (url, init) => {
      sent.push(url, init.body.get('secret')!, init.body.get('response')!);
      return { ok: true, json: async () => ({ success: true }) };
    });
    expect(online.outcome).toBe('success');
    expect(sent).toEqual([demo.verifyUrl, demo.testKeys!.secret, 'XXXX.DUMMY.TOKEN']);
    expect((await verifyWidget(demo, 't', async () => ({ ok: true, json: async () => ({ success: false }) }))).outcome).toBe('provider_rejected');
    expect((await verifyWidget(findDemo('geetest') as WidgetDemoDef, 't')).outcome).toBe('no_test_keys');
    expect((await verify('hcaptcha', { id: 'x'.repeat(24), answer: 'a' })).status).toBe(400);
  });
});

describe('recognition examples', () => {
  it('empty at first; a demo solved through in.php by a worker and verified becomes an example; a hand-solved one does not', async () => {
    const empty = (await t.app.inject({ method: 'GET', url: '/api/v1/captcha-recognition/normal' })).json() as RecognitionList;
    expect(empty.examples).toEqual([]);

    const customer = await buildUser(t, { balance: '5' });
    const worker = await buildUser(t, { userType: 'worker' });
    await markTrainingPassed(ctx(), worker.id);
    const c = await issue('normal');
    const body = c.image!.split(',')[1]!;
    const submitted = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body } });
    expect(submitted.body).toMatch(/^OK\|\d+$/);
    const taskId = Number(submitted.body.slice(3));
    const task = await claimTask(ctx(), { id: worker.id, languages: ['en'] });
    expect(task?.id).toBe(taskId);
    const { text } = (await secretOf(c.id)) as { text: string };
    await answerTask(ctx(), worker.id, taskId, { kind: 'text', text }, task!);
    const res = await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=get&id=${taskId}` });
    expect(res.body).toBe(`OK|${text}`);
    expect((await verify('normal', { id: c.id, answer: text })).body.outcome).toBe('success');

    // By hand: no task carries the picture, so no example.
    const h = await issue('normal');
    expect((await verify('normal', { id: h.id, answer: String((await secretOf(h.id)).text) })).body.outcome).toBe('success');

    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/captcha-recognition?language=ru' })).json() as RecognitionList;
    expect(list.examples).toHaveLength(1);
    const ex = list.examples[0]!;
    expect(ex).toMatchObject({ slug: 'normal', type: 'normal', answer: text, image: c.image });
    expect(ex.solveSeconds).toBeGreaterThanOrEqual(0);
    expect(list.counts).toEqual({ normal: 1 });
    const byId = (await t.app.inject({ method: 'GET', url: `/api/v1/captcha-recognition?ids=${ex.id}` })).json() as RecognitionList;
    expect(byId.examples.map((e) => e.id)).toEqual([ex.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/captcha-recognition?ids=1;drop' })).statusCode).toBe(400);
    expect(((await t.app.inject({ method: 'GET', url: '/api/v1/captcha-recognition/normal' })).json() as RecognitionList).examples).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/captcha-recognition/hcaptcha' })).statusCode).toBe(404);
  });
});
