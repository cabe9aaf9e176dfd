/**
 * Issue 21, finding 5, over HTTP: a token task whose page URL is not http(s) is refused by both
 * API families with their documented codes, and the v1 JSON text says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  key = (await buildUser(t, { userType: 'customer', balance: '10.00' })).apiKey;
});
afterAll(() => t.close());

const SITE_KEY = '0x4AAAAAAAC3DHQFLr1GavRN';

describe('page URL of token tasks', () => {
  it.each(['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'http://:80/'])('%s is refused by in.php and createTask', async (url) => {
    const v1 = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key, method: 'turnstile', sitekey: SITE_KEY, pageurl: url, json: '1' } });
    expect(v1.json()).toEqual({ status: 0, request: 'ERROR_PAGEURL', error_text: expect.stringMatching(/http\(s\)/) });
    const v2 = await t.app.inject({ method: 'POST', url: '/createTask', payload: { clientKey: key, task: { type: 'TurnstileTaskProxyless', websiteKey: SITE_KEY, websiteURL: url } } });
    expect(v2.json()).toMatchObject({ errorId: 110, errorCode: 'ERROR_BAD_PARAMETERS' });
  });

  it('an https page is accepted', async () => {
    const v1 = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key, method: 'turnstile', sitekey: SITE_KEY, pageurl: 'https://example.com/login' } });
    expect(v1.body).toMatch(/^OK\|\d+$/);
  });
});
