import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listApiErrors } from '#server/modules/apilog/apilog.service.ts';
import { upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { buildTestApp, heard, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { CompatLimits } from './limits.ts';

/** Golden bodies of the ratio bans ERROR: 1003 and ERROR: 1005 (api-protocol.md §3.3), rate limits on. */
let t: TestApp;
const png = makePng().toString('base64');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'true' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
/** Moves the clock the bans read; the database keeps real time. */
function clock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  let now = Date.now();
  return (ms: number) => vi.setSystemTime((now += ms));
}

describe('ERROR: 1003', () => {
  it('bans submissions for 30 s once ERROR_NO_SLOT_AVAILABLE answers reach 120 and 3× the uploads', async () => {
    const tick = clock();
    const c = await buildUser(t, { balance: '5.00' });
    const submit = (json = false) => post('/in.php', { key: c.apiKey, method: 'base64', body: png, ...(json ? { json: 1 } : {}) });
    // Two uploads first: the errors must reach max(120, 3 × 2).
    for (let i = 0; i < 2; i++) expect((await submit()).body).toMatch(/^OK\|\d+$/);
    await upsertApiSettings(t.database.db, c.id, { maxBidPer1000: 1 });
    await heard();
    // 100 ms apart: well under MAX_USER_TURN (60 in 3 s).
    for (let i = 0; i < 119; i++) {
      tick(100);
      expect((await submit()).body).toBe('ERROR_NO_SLOT_AVAILABLE');
    }
    tick(100);
    expect((await submit()).body).toBe('ERROR_NO_SLOT_AVAILABLE'); // the 120th starts the ban
    tick(100);
    expect((await submit()).body).toBe('ERROR: 1003');
    expect((await submit(true)).json()).toEqual({
      status: 0,
      request: 'ERROR: 1003',
      error_text: 'Too many ERROR_NO_SLOT_AVAILABLE answers against your uploads: blocked for 30 seconds.',
    });
    expect((await post('/createTask', { clientKey: c.apiKey, task: { type: 'ImageToTextTask', body: png } })).json()).toEqual({
      errorId: 148,
      errorCode: 'ERROR_NO_SLOT_AVAILABLE',
      errorDescription: 'Too many ERROR_NO_SLOT_AVAILABLE answers against your uploads: blocked for 30 seconds.',
    });
    // Results still answer during the ban.
    expect((await get(`/res.php?key=${c.apiKey}&action=getbalance`)).body).toMatch(/^\d+\.\d+$/);
    tick(30_000);
    expect((await submit()).body).toBe('ERROR_NO_SLOT_AVAILABLE');
  });
});

describe('ERROR: 1005', () => {
  it('bans result requests for 5 minutes when R > 20 × C + 1200', async () => {
    const tick = clock();
    const c = await buildUser(t, { balance: '5.00' });
    for (let i = 0; i < 2; i++) {
      tick(1_000);
      expect((await post('/in.php', { key: c.apiKey, method: 'base64', body: png })).body).toMatch(/^OK\|\d+$/);
    }
    const limit = 20 * 2 + 1200;
    // Balance checks count, v1 and v2 alike.
    for (let i = 0; i < limit; i++) {
      const res = i % 2 ? await get(`/res.php?key=${c.apiKey}&action=getbalance`) : await post('/getBalance', { clientKey: c.apiKey });
      expect(res.statusCode).toBe(200);
      if (res.body.includes('1005')) throw new Error(`banned after ${i} requests`);
    }
    expect((await get(`/res.php?key=${c.apiKey}&action=getbalance`)).body).toBe('ERROR: 1005');
    expect((await get(`/res.php?key=${c.apiKey}&action=get&id=1&json=1`)).json()).toEqual({
      status: 0,
      request: 'ERROR: 1005',
      error_text: 'Too many result requests: blocked for 5 minutes.',
    });
    expect((await post('/getTaskResult', { clientKey: c.apiKey, taskId: 1 })).json()).toEqual({
      errorId: 147,
      errorCode: 'ERROR_TOO_MANY_REQUESTS',
      errorDescription: 'Too many result requests: blocked for 5 minutes.',
    });
    // Uploads are not affected.
    expect((await post('/in.php', { key: c.apiKey, method: 'base64', body: png })).body).toMatch(/^OK\|\d+$/);
    tick(299_000);
    expect((await get(`/res.php?key=${c.apiKey}&action=getbalance`)).body).toBe('ERROR: 1005');
    tick(1_001);
    expect((await get(`/res.php?key=${c.apiKey}&action=getbalance`)).body).toMatch(/^\d+\.\d+$/);
  });
});

describe('CompatLimits', () => {
  const KEY = 'a'.repeat(32);

  it('counts in a window that starts again when it has passed', () => {
    let now = 0;
    const limits = new CompatLimits(true, { ratioWindowMs: 600_000, now: () => now });
    for (let i = 0; i < 1200; i++) expect(limits.check('1.1.1.1', KEY, false)).toBeNull();
    now += 600_001;
    for (let i = 0; i < 1200; i++) expect(limits.check('1.1.1.1', KEY, false)).toBeNull();
    expect(limits.check('1.1.1.1', KEY, false)).toBe('ERROR: 1005');
  });

  it('needs 3× the uploads before 1003, and never bans with RATE_LIMITS=false', () => {
    const limits = new CompatLimits(true, { now: () => 0 });
    for (let i = 0; i < 50; i++) limits.submitted(KEY, null);
    for (let i = 0; i < 149; i++) limits.submitted(KEY, 'ERROR_NO_SLOT_AVAILABLE');
    expect(limits.check('1.1.1.1', KEY, true)).toBeNull();
    limits.submitted(KEY, 'ERROR_NO_SLOT_AVAILABLE');
    expect(limits.check('1.1.1.1', KEY, true)).toBe('ERROR: 1003');

    const off = new CompatLimits(false);
    for (let i = 0; i < 2000; i++) off.submitted(KEY, 'ERROR_NO_SLOT_AVAILABLE');
    for (let i = 0; i < 2000; i++) expect(off.check('1.1.1.1', KEY, i % 2 === 0)).toBeNull();
  });
});

describe('the error log of banned requests', () => {
  it('keeps one row per key and ban code per 10 s, whatever the flood', async () => {
    const c = await buildUser(t, { balance: '5.00' });
    await upsertApiSettings(t.database.db, c.id, { maxBidPer1000: 1 });
    await heard();
    const tick = clock();
    for (let i = 0; i < 130; i++) {
      tick(100);
      await post('/in.php', { key: c.apiKey, method: 'base64', body: png });
    }
    vi.useRealTimers();
    await t.app.apiErrorLog.flush();
    const rows = await listApiErrors(t.database.db, c.id, { limit: 200 });
    expect(rows.filter((r) => r.code === 'ERROR_NO_SLOT_AVAILABLE')).toHaveLength(120);
    expect(rows.filter((r) => r.code === 'ERROR: 1003').map((r) => r.summary)).toEqual(['POST /in.php method=base64; parameters: key, method, body']);
  });
});
