import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { KNOWN_CODES } from './errors.ts';

/**
 * 10,000 random and malformed compat requests: random parameters, wrong types, huge bodies,
 * broken base64, wrong content types. Every answer must be HTTP 200 with a documented body.
 */
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  key = (await buildUser(t, { balance: '0.01' })).apiKey;
});
afterAll(() => t.close());

function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const PARAMS = ['key', 'method', 'body', 'file', 'json', 'action', 'id', 'ids', 'googlekey', 'sitekey', 'pageurl', 'textcaptcha', 'recaptcha', 'coordinatescaptcha', 'canvas', 'proxy', 'proxytype', 'soft_id', 'pingback', 'header_acao', 'min_len', 'numeric', 'lang', 'version', 'min_score', 'gt', 'challenge', 'publickey', 'addr', 'angle'];
const METHODS = ['post', 'base64', 'userrecaptcha', 'hcaptcha', 'turnstile', 'geetest', 'geetest_v4', 'funcaptcha', 'rotatecaptcha', 'audio', 'bounding_box', 'capy', 'lemin', 'amazon_waf', 'nonsense', '', 'grid', 'textcaptcha'];
const ACTIONS = ['get', 'get2', 'getbalance', 'reportbad', 'reportgood', 'add_pingback', 'get_pingback', 'del_pingback', 'nope', ''];
const V2 = ['/createTask', '/getTaskResult', '/getBalance', '/reportIncorrect', '/reportCorrect', '/getQueueStats'];
const png = makePng().toString('base64');

function randomValue(r: () => number, rk: string): unknown {
  const pick = Math.floor(r() * 12);
  switch (pick) {
    case 0: return rk;
    case 1: return png;
    case 2: return '%%%not-base64%%%';
    case 3: return Math.floor(r() * 1e12);
    case 4: return r() > 0.5;
    case 5: return null;
    case 6: return ['a', 1, { x: 2 }];
    case 7: return { nested: { deeper: 'x'.repeat(Math.floor(r() * 50)) } };
    case 8: return 'x'.repeat(Math.floor(r() * 5000));
    case 9: return METHODS[Math.floor(r() * METHODS.length)];
    case 10: return 'https://example.com/' + Math.floor(r() * 1000);
    default: return String(Math.floor(r() * 100));
  }
}

describe('compat fuzz', () => {
  it('answers 10,000 random requests with HTTP 200 and a documented body', async () => {
    const r = prng(20261122);
    const documented = new Set([...KNOWN_CODES, 'CAPCHA_NOT_READY', 'ERROR_CAPTCHA_UNSOLVABLE', 'OK_REPORT_RECORDED', 'OK']);
    const v1Ok = /^(OK(\|.*)?|\d+\.\d+|OK_REPORT_RECORDED)$/s;
    let n = 0;
    const total = 10_000;
    const batch = 50;
    while (n < total) {
      await Promise.all(
        Array.from({ length: batch }, async () => {
          n++;
          const fields: Record<string, unknown> = {};
          for (let i = Math.floor(r() * 8); i > 0; i--) fields[PARAMS[Math.floor(r() * PARAMS.length)]!] = randomValue(r, key);
          if (r() < 0.5) fields.key = key;
          if (r() < 0.5) fields.method = METHODS[Math.floor(r() * METHODS.length)];
          if (r() < 0.3) fields.action = ACTIONS[Math.floor(r() * ACTIONS.length)];
          const target = r();
          let url = r() < 0.5 ? '/in.php' : '/res.php';
          if (target < 0.25) url = V2[Math.floor(r() * V2.length)]!;
          const shape = Math.floor(r() * 6);
          let payload: string | Buffer | undefined;
          let contentType: string | undefined;
          if (shape === 0) payload = JSON.stringify(url.startsWith('/') && url.endsWith('.php') ? fields : { clientKey: fields.key, task: r() < 0.8 ? { type: ['ImageToTextTask', 'RecaptchaV2TaskProxyless', 'GridTask', 'Nope', 42][Math.floor(r() * 5)], ...fields } : fields.task, taskId: fields.id });
          else if (shape === 1) { payload = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(); contentType = 'application/x-www-form-urlencoded'; }
          else if (shape === 2) { payload = JSON.stringify(fields); contentType = 'text/plain;charset=UTF-8'; }
          else if (shape === 3) { payload = Buffer.from(Array.from({ length: Math.floor(r() * 3000) }, () => Math.floor(r() * 256))); contentType = ['application/octet-stream', 'multipart/form-data; boundary=zz', 'application/json', 'image/png'][Math.floor(r() * 4)]; }
          else if (shape === 4) { payload = '{"broken": '; contentType = 'application/json'; }
          else if (r() < 0.1) { payload = 'a'.repeat(3 * 1024 * 1024); contentType = 'application/x-www-form-urlencoded'; }
          const query = shape === 5 ? '?' + new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString() : '';
          const method = url.endsWith('.php') && r() < 0.4 && !payload ? 'GET' : 'POST';
          const res = await t.app.inject({ method, url: url + query, payload: method === 'GET' ? undefined : payload, headers: contentType ? { 'content-type': contentType } : {} });
          expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 200)}`).toBe(200);
          if (url.endsWith('.php')) {
            let body = res.body;
            if (body.startsWith('{')) {
              const json = JSON.parse(body) as { status: number; request: unknown };
              if (json.status === 1) return;
              body = String(json.request);
            }
            expect(documented.has(body) || v1Ok.test(body) || /^[^|]*(\|[^|]*)*$/.test(body) && body.split('|').every((p) => documented.has(p) || p === ''), `${url} → ${body.slice(0, 200)}`).toBe(true);
          } else {
            const json = JSON.parse(res.body) as { errorId: number; errorCode?: string };
            expect(typeof json.errorId).toBe('number');
            if (json.errorId !== 0) expect(json.errorCode).toMatch(/^ERROR_/);
          }
        }),
      );
    }
    expect(n).toBe(total);
  }, 180_000);
});
