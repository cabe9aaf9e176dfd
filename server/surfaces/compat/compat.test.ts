import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { setWorkerTrusted } from '#server/modules/workers/moderation.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { claimTask, answerTask } from '#server/modules/tasks/tasks.service.ts';
import { buildTestApp, heard, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

let t: TestApp;
let customer: Awaited<ReturnType<typeof buildUser>>;
let poor: Awaited<ReturnType<typeof buildUser>>;
let worker: Awaited<ReturnType<typeof buildUser>>;
const png = makePng().toString('base64');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  customer = await buildUser(t, { userType: 'customer', balance: '10.00' });
  poor = await buildUser(t, { userType: 'customer' });
  worker = await buildUser(t, { userType: 'worker' });
  await markTrainingPassed(ctx(), worker.id);
});
afterAll(() => t.close());

const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: object | string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const balanceOf = async (id: number) => Number((await t.database.db.execute(sql`select balance from users where id = ${id}`)).rows[0]!.balance);

/** The worker takes tasks in queue order until it reaches `id` (earlier ones get a filler answer). */
async function solve(id: number | string, answer: unknown) {
  for (let i = 0; i < 50; i++) {
    const task = await claimTask(ctx(), { id: worker.id, languages: ['en'] });
    expect(task, `task ${id} was never offered`).toBeTruthy();
    if (task!.id === Number(id)) {
      const accepted = await answerTask(ctx(), worker.id, task!.id, answer);
      await heard();
      return accepted;
    }
    await answerTask(ctx(), worker.id, task!.id, { kind: 'text', text: 'filler' });
  }
  throw new Error(`task ${id} not reached`);
}

describe('v1 in.php / res.php', () => {
  it('accepts a base64 image, charges it, and returns the worker answer', async () => {
    const before = await balanceOf(customer.id);
    const res = await post('/in.php', { key: customer.apiKey, method: 'base64', body: png });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^OK\|\d{10,}$/);
    const id = res.body.slice(3);
    const charged = before - (await balanceOf(customer.id));
    expect(charged).toBeGreaterThan(0);

    const notReady = await get(`/res.php?key=${customer.apiKey}&action=get&id=${id}`);
    expect(notReady.body).toBe('CAPCHA_NOT_READY');
    const notReadyJson = await get(`/res.php?key=${customer.apiKey}&action=get&id=${id}&json=1`);
    expect(notReadyJson.json()).toEqual({ status: 0, request: 'CAPCHA_NOT_READY', error_text: expect.stringMatching(/not solved yet/i) });

    const workerBefore = await balanceOf(worker.id);
    await solve(id, { kind: 'text', text: 'w9h5k' });
    expect(await balanceOf(worker.id)).toBeGreaterThan(workerBefore);
    expect((await get(`/res.php?key=${customer.apiKey}&action=get&id=${id}`)).body).toBe('OK|w9h5k');
    expect((await get(`/res.php?key=${customer.apiKey}&action=get&id=${id}&json=1`)).json()).toEqual({ status: 1, request: 'w9h5k' });
    expect((await get(`/res.php?key=${customer.apiKey}&action=get2&id=${id}`)).body).toMatch(/^OK\|w9h5k\|0\.\d+$/);
  });

  it('takes JSON bodies labelled text/plain with parameters in the query (npm 2captcha@3)', async () => {
    const res = await post(`/in.php?key=${customer.apiKey}&json=1&method=base64`, JSON.stringify({ body: png }), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.json()).toEqual({ status: 1, request: expect.stringMatching(/^\d+$/) });
  });

  it('takes multipart uploads', async () => {
    const boundary = '----x';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\n${customer.apiKey}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="method"\r\n\r\npost\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="captcha.png"\r\nContent-Type: image/png\r\n\r\n`,
    ].join('');
    const payload = Buffer.concat([Buffer.from(body), makePng(), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await post('/in.php', payload as unknown as string, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.body).toMatch(/^OK\|\d+$/);
  });

  it('answers the balance as a bare decimal', async () => {
    expect((await get(`/res.php?key=${poor.apiKey}&action=getbalance`)).body).toBe('0.00');
    expect((await get(`/res.php?key=${poor.apiKey}&action=getbalance&json=1`)).json()).toEqual({ status: 1, request: '0.00' });
  });

  it('adds CORS with header_acao=1', async () => {
    const res = await get(`/res.php?key=${poor.apiKey}&action=getbalance&header_acao=1`);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('golden v1 errors', () => {
  const cases: [string, () => Promise<{ body: string }>][] = [
    ['ERROR_WRONG_USER_KEY', () => post('/in.php', { key: 'short', method: 'base64', body: png })],
    ['ERROR_KEY_DOES_NOT_EXIST', () => post('/in.php', { key: 'f'.repeat(32), method: 'base64', body: png })],
    ['ERROR_ZERO_BALANCE', () => post('/in.php', { key: poor.apiKey, method: 'base64', body: png })],
    ['ERROR_ZERO_CAPTCHA_FILESIZE', () => post('/in.php', { key: customer.apiKey, method: 'base64', body: Buffer.from('tiny').toString('base64') })],
    ['ERROR_TOO_BIG_CAPTCHA_FILESIZE', () => post('/in.php', { key: customer.apiKey, method: 'base64', body: makePng(400, 400).toString('base64') })],
    ['ERROR_IMAGE_TYPE_NOT_SUPPORTED', () => post('/in.php', { key: customer.apiKey, method: 'base64', body: Buffer.alloc(500, 7).toString('base64') })],
    ['ERROR_UPLOAD', () => post('/in.php', { key: customer.apiKey, method: 'base64', body: '***not base64***' })],
    ['ERROR_PAGEURL', () => post('/in.php', { key: customer.apiKey, method: 'userrecaptcha', googlekey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-' })],
    ['ERROR_PROXY_FORMAT', () => post('/in.php', { key: customer.apiKey, method: 'userrecaptcha', googlekey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-', pageurl: 'https://example.com', proxy: 'nonsense', proxytype: 'HTTP' })],
    ['ERROR_BAD_PARAMETERS', () => post('/in.php', { key: customer.apiKey, method: 'base64', recaptcha: '1', body: png })],
    ['ERROR_WRONG_ID_FORMAT', () => get(`/res.php?key=${customer.apiKey}&action=get&id=abc`)],
    ['ERROR_WRONG_CAPTCHA_ID', () => get(`/res.php?key=${customer.apiKey}&action=get&id=123`)],
    ['ERROR_EMPTY_ACTION', () => get(`/res.php?key=${customer.apiKey}`)],
  ];
  it.each(cases)('%s, plain and JSON', async (code, send) => {
    const res = await send();
    expect(res.body).toBe(code);
  });

  it('JSON errors carry status 0, the code and a text', async () => {
    const res = await post('/in.php', { key: 'short', method: 'base64', body: png, json: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, request: 'ERROR_WRONG_USER_KEY', error_text: expect.any(String) });
  });

  it('ERROR_IP_NOT_ALLOWED when the key is limited to other addresses', async () => {
    const limited = await buildUser(t, { balance: '1.00' });
    await upsertApiSettings(t.database.db, limited.id, { allowedIps: ['10.9.9.9'] });
    await heard();
    expect((await post('/in.php', { key: limited.apiKey, method: 'base64', body: png })).body).toBe('ERROR_IP_NOT_ALLOWED');
  });

  it('ERROR_NO_SLOT_AVAILABLE when the live rate is above the maximum bid', async () => {
    const thrifty = await buildUser(t, { balance: '1.00' });
    await upsertApiSettings(t.database.db, thrifty.id, { maxBidPer1000: 100_000 });
    await heard();
    expect((await post('/in.php', { key: thrifty.apiKey, method: 'base64', body: png })).body).toBe('ERROR_NO_SLOT_AVAILABLE');
  });

  it('refused submissions store nothing and charge nothing', async () => {
    const count = async () => Number((await t.database.db.execute(sql`select count(*)::int n from tasks`)).rows[0]!.n);
    const before = [await count(), await balanceOf(customer.id)];
    await post('/in.php', { key: customer.apiKey, method: 'base64', body: Buffer.alloc(500, 7).toString('base64') });
    expect([await count(), await balanceOf(customer.id)]).toEqual(before);
  });
});

describe('v2 createTask / getTaskResult', () => {
  it('round-trips an ImageToTextTask with the exact envelopes', async () => {
    const created = await post('/createTask', { clientKey: customer.apiKey, task: { type: 'ImageToTextTask', body: png, phrase: null, case: null } });
    expect(created.json()).toEqual({ errorId: 0, taskId: expect.any(Number) });
    const taskId = created.json().taskId;
    expect((await post('/getTaskResult', { clientKey: customer.apiKey, taskId })).json()).toEqual({ errorId: 0, status: 'processing' });
    await solve(taskId, { kind: 'text', text: 'SUNDAY' });
    const ready = (await post('/getTaskResult', { clientKey: customer.apiKey, taskId })).json();
    expect(ready).toEqual({
      errorId: 0,
      status: 'ready',
      solution: { text: 'SUNDAY' },
      cost: expect.stringMatching(/^0\.\d+$/),
      ip: '127.0.0.1',
      createTime: expect.any(Number),
      endTime: expect.any(Number),
      solveCount: 1,
    });
    expect(Object.keys(ready)).not.toContain('errorCode');
  });

  it.each([
    [{ clientKey: 'nope' }, 1, 'ERROR_KEY_DOES_NOT_EXIST'],
    [{}, 22, 'ERROR_TASK_ABSENT'],
    [{ task: { type: 'NoSuchTask' } }, 23, 'ERROR_TASK_NOT_SUPPORTED'],
    [{ task: { type: 'RecaptchaV2TaskProxyless', websiteKey: 'k' } }, 110, 'ERROR_BAD_PARAMETERS'],
  ])('createTask error %#', async (body, errorId, errorCode) => {
    const res = await post('/createTask', { clientKey: customer.apiKey, ...body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errorId, errorCode, errorDescription: expect.any(String) });
  });

  it('getBalance returns a number; unknown ids are 16', async () => {
    expect((await post('/getBalance', { clientKey: poor.apiKey })).json()).toEqual({ errorId: 0, balance: 0 });
    expect((await post('/getTaskResult', { clientKey: customer.apiKey, taskId: 5 })).json()).toMatchObject({ errorId: 16, errorCode: 'ERROR_NO_SUCH_CAPCHA_ID' });
  });
});

describe('reports', () => {
  it('refunds a bad report once a trusted re-solve upholds it, and refuses a second report', async () => {
    const id = (await post('/in.php', { key: customer.apiKey, method: 'base64', body: png })).body.slice(3);
    await solve(id, { kind: 'text', text: 'wrong' });
    const before = await balanceOf(customer.id);
    const price = Number((await t.database.db.execute(sql`select price from tasks where id = ${id}`)).rows[0]!.price);
    expect((await get(`/res.php?key=${customer.apiKey}&action=reportbad&id=${id}`)).body).toBe('OK_REPORT_RECORDED');
    expect(await balanceOf(customer.id), 'no refund before the judgement').toBe(before);
    expect((await get(`/res.php?key=${customer.apiKey}&action=reportbad&id=${id}`)).body).toBe('ERROR_DUPLICATE_REPORT');
    // A trusted worker re-solves the image (taking earlier queued tasks with a filler) and disagrees: upheld.
    const judge = await buildUser(t, { userType: 'worker' });
    await markTrainingPassed(ctx(), judge.id);
    await setWorkerTrusted(ctx(), judge.id, true);
    for (let i = 0; i < 50; i++) {
      const task = await claimTask(ctx(), { id: judge.id, languages: ['en'] });
      expect(task, 'the re-solve was never offered').toBeTruthy();
      await answerTask(ctx(), judge.id, task!.id, { kind: 'text', text: 'right' });
      if (task!.verifiesTaskId === Number(id)) break;
    }
    expect((await balanceOf(customer.id)) - before).toBe(price);
    expect((await get(`/res.php?key=${customer.apiKey}&action=reportbad&id=${id}`)).body).toBe('ERROR_DUPLICATE_REPORT');
  });
});

describe('golden: 100% recognition', () => {
  it('ERROR_BAD_DUPLICATES in v1 (plain, JSON, bulk) and v2 (13) when the answers never agree', async () => {
    const picky = await buildUser(t, { balance: '1.00' });
    await upsertApiSettings(t.database.db, picky.id, { consensus: { minAttempts: 2, maxAttempts: 2, minMatches: 2 }, defaultLanguage: 'ko' });
    await heard();
    const id = Number((await post('/in.php', { key: picky.apiKey, method: 'base64', body: png })).body.slice(3));
    for (const text of ['first', 'second']) {
      const w = await buildUser(t, { userType: 'worker' });
      await markTrainingPassed(ctx(), w.id);
      // Workers speaking only Korean skip the other queued tasks, which name no language: take ours.
      let task = await claimTask(ctx(), { id: w.id, languages: ['ko'] });
      while (task && task.id !== id) {
        await answerTask(ctx(), w.id, task.id, { kind: 'text', text: 'filler' });
        task = await claimTask(ctx(), { id: w.id, languages: ['ko'] });
      }
      await answerTask(ctx(), w.id, id, { kind: 'text', text });
    }
    expect((await get(`/res.php?key=${picky.apiKey}&action=get&id=${id}`)).body).toBe('ERROR_BAD_DUPLICATES');
    expect((await get(`/res.php?key=${picky.apiKey}&action=get2&id=${id}`)).body).toBe('ERROR_BAD_DUPLICATES');
    expect((await get(`/res.php?key=${picky.apiKey}&action=get&id=${id}&json=1`)).json()).toEqual({ status: 0, request: 'ERROR_BAD_DUPLICATES', error_text: expect.any(String) });
    expect((await get(`/res.php?key=${picky.apiKey}&action=get&ids=${id},1`)).body).toBe('ERROR_BAD_DUPLICATES|ERROR_WRONG_CAPTCHA_ID');
    expect((await post('/getTaskResult', { clientKey: picky.apiKey, taskId: id })).json()).toEqual({ errorId: 13, errorCode: 'ERROR_BAD_DUPLICATES', errorDescription: expect.any(String) });
    expect(await balanceOf(picky.id)).toBe(1_000_000);
  });

  it('ERROR_BAD_PARAMETERS in v1 and v2 when sandbox and 100% recognition are both on', async () => {
    const both = await buildUser(t, { balance: '1.00' });
    await upsertApiSettings(t.database.db, both.id, { sandbox: true, consensus: { minAttempts: 2, maxAttempts: 3, minMatches: 2 } });
    await heard();
    expect((await post('/in.php', { key: both.apiKey, method: 'base64', body: png })).body).toBe('ERROR_BAD_PARAMETERS');
    expect((await post('/in.php', { key: both.apiKey, method: 'base64', body: png, json: 1 })).json()).toEqual({ status: 0, request: 'ERROR_BAD_PARAMETERS', error_text: expect.any(String) });
    expect((await post('/createTask', { clientKey: both.apiKey, task: { type: 'ImageToTextTask', body: png } })).json()).toEqual({ errorId: 110, errorCode: 'ERROR_BAD_PARAMETERS', errorDescription: expect.any(String) });
    expect(await balanceOf(both.id)).toBe(1_000_000);
  });
});
