/**
 * Issue 21, finding 5: task ids are exact decimal strings. An id beyond the bigint range used to
 * reach the database (an internal error answered as ERROR_BAD_PARAMETERS, failing a whole bulk
 * request), and ids from 2^53 were silently rounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { taskIdOf } from './shared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const HUGE = ['99999999999999999999', '9223372036854775808', '9223372036854775807', '9007199254740993', '9007199254740992', '0'];

describe('task ids', () => {
  it('parses exact decimal strings only', () => {
    expect(taskIdOf('1000000001')).toBe(1000000001);
    expect(taskIdOf(' 42 ')).toBe(42);
    expect(taskIdOf('9007199254740991')).toBe(9007199254740991);
    for (const id of HUGE) expect(taskIdOf(id), id).toBe('unknown');
    for (const id of ['', 'abc', '1e3', '-1', '0x10', '1.5']) expect(taskIdOf(id), id).toBe('format');
    expect(taskIdOf(2 ** 53)).toBe('unknown');
  });

  it('answers ERROR_WRONG_CAPTCHA_ID for ids no task can have, single and in each bulk slot', async () => {
    const customer = await buildUser(t, { balance: '1' });
    const submitted = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: makePng().toString('base64') } });
    const id = submitted.body.slice(3);
    for (const huge of HUGE) {
      for (const action of ['get', 'get2', 'reportbad', 'reportgood']) {
        const res = await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=${action}&id=${huge}` });
        expect(res.body, `${action} ${huge}`).toBe('ERROR_WRONG_CAPTCHA_ID');
      }
      for (const path of ['/getTaskResult', '/reportIncorrect', '/reportCorrect', '/reportIncorrectImageCaptcha']) {
        const v2 = await t.app.inject({ method: 'POST', url: path, payload: { clientKey: customer.apiKey, taskId: huge } });
        expect(v2.json(), `${path} ${huge}`).toMatchObject({ errorId: 16, errorCode: 'ERROR_NO_SUCH_CAPCHA_ID' });
        // The same id as a JSON number: JSON.parse rounds it, which must not turn it into another id.
        const raw = `{"clientKey":"${customer.apiKey}","taskId":${huge}}`;
        const asNumber = await t.app.inject({ method: 'POST', url: path, payload: raw, headers: { 'content-type': 'application/json' } });
        expect(asNumber.json(), `${path} ${huge} as a JSON number`).toMatchObject({ errorId: 16, errorCode: 'ERROR_NO_SUCH_CAPCHA_ID' });
      }
      const jsonBody = await t.app.inject({ method: 'POST', url: '/res.php', payload: `{"key":"${customer.apiKey}","action":"get","id":${huge},"json":1}`, headers: { 'content-type': 'application/json' } });
      expect(jsonBody.json(), huge).toMatchObject({ status: 0, request: 'ERROR_WRONG_CAPTCHA_ID' });
    }
    const bulk = await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=get&ids=${id},${HUGE.join(',')},abc` });
    expect(bulk.body).toBe(['CAPCHA_NOT_READY', ...HUGE.map(() => 'ERROR_WRONG_CAPTCHA_ID'), 'ERROR_WRONG_ID_FORMAT'].join('|'));
    const bulkJson = await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=get&json=1&ids=${HUGE[0]},${id}` });
    expect(bulkJson.json()).toEqual({ status: 1, request: 'ERROR_WRONG_CAPTCHA_ID|CAPCHA_NOT_READY' });
  });

  it('never rounds an id onto another task: 2^53 + 1 and friends do not reach a real id', async () => {
    const customer = await buildUser(t, { balance: '1' });
    const submitted = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: makePng().toString('base64') } });
    const id = BigInt(submitted.body.slice(3));
    // Decimal strings that a Number would read as the real id (or a neighbour): exact parsing refuses them.
    for (const alias of [`${id}.0`, `${id}e0`, `${id}.4`]) {
      const res = await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=get&id=${alias}` });
      expect(res.body, alias).toBe('ERROR_WRONG_ID_FORMAT');
    }
    expect((await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=get&id=00${id}` })).body).toBe('CAPCHA_NOT_READY');
    expect(taskIdOf(String(id + 2n ** 64n))).toBe('unknown');
    expect(taskIdOf(String(2n ** 53n + 1n))).toBe('unknown');
  });
});
