/**
 * The kinds the official 2captcha client (@2captcha/captcha-solver, from npm, unmodified) added
 * lately, solved end to end: the client's own HTTP requests (query strings for some methods, JSON
 * bodies for others, its parameter renames and `data:` image prefixes) reach this server through
 * the TLS redirect the e2e client-library specs use, a worker answers through the service layer,
 * and the client's polling returns the answer. `official-clients.test.ts` checks that every method
 * the client has is known; this checks that each new one actually works with it.
 */
import { Solver } from '@2captcha/captcha-solver';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '#shared/captcha-types/index.ts';
import { answerTask, claimTask } from '#server/modules/tasks/tasks.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { redirectLibraryHosts, type HostRedirect } from '../../../e2e/compat/hosts.ts';

const URL = 'https://example.com/login';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
/** The client's proxy spelling (login:password@host:port) with a public address. */
const PROXY = { proxy: 'login:password@1.2.3.4:8080', proxytype: 'HTTP' };
/** The soft_id the client sends with every request (its constants.js). */
const CLIENT_SOFT_ID = 4587;

let t: TestApp;
let redirect: HostRedirect;
let solver: Solver;
let worker: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  const customer = await buildUser(t, { userType: 'customer', balance: '10.00' });
  worker = await buildUser(t, { userType: 'worker' });
  await markTrainingPassed(ctx(), worker.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  redirect = await redirectLibraryHosts(port);
  solver = new Solver(customer.apiKey, 100);
});
afterAll(async () => {
  await redirect?.stop();
  await t.close();
});

const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  type: string;
  soft_id: number | null;
  payload: { params: Record<string, unknown>; proxy?: Record<string, unknown>; images?: string[] };
}

/** The worker waits for the next task, answers it, and returns the task's row. */
async function answerNext(answer: Answer): Promise<Row> {
  for (let i = 0; i < 200; i++) {
    const task = await claimTask(ctx(), { id: worker.id, languages: ['en'] });
    if (task) {
      await answerTask(ctx(), worker.id, task.id, answer);
      const res = await t.database.db.execute(sql`select type, soft_id, payload from tasks where id = ${task.id}`);
      return res.rows[0] as unknown as Row;
    }
    await sleep(50);
  }
  throw new Error('no task was offered');
}

/** Starts the client call, lets the worker answer, and returns the row and the client's result. */
async function solve(call: () => Promise<{ data: unknown }>, answer: Answer) {
  const solving = call();
  // A refusal surfaces here instead of as "no task was offered".
  const refused = solving.then(() => null, (e: unknown) => e);
  const row = await Promise.race([answerNext(answer), refused.then((e) => Promise.reject(e ?? new Error('solved before answered')))]);
  return { row, result: await solving };
}

const token = (value: string): Answer => ({ kind: 'token', token: value });

describe('@2captcha/captcha-solver: the kinds added from the official client', () => {
  it('prosopo (GET query): a token, with the client soft_id recorded', async () => {
    const { row, result } = await solve(() => solver.prosopo({ pageurl: URL, sitekey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm' }), token('0x00016c68747470733a2f2f'));
    expect(result.data).toBe('0x00016c68747470733a2f2f');
    expect(row).toMatchObject({ type: 'prosopo', soft_id: CLIENT_SOFT_ID });
    expect(row.payload.params).toMatchObject({ websiteURL: URL, websiteKey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm' });
  });

  it('captchaFox: api_server, user agent and the proxy reach the task', async () => {
    const { row, result } = await solve(
      () => solver.captchaFox({ pageurl: URL, sitekey: 'sk_ILKWNruBBVKDOM7dZs59KHnDLEWiH', userAgent: UA, api_server: 'api.captchafox.com', ...PROXY } as never),
      token('captchafox-token-1'),
    );
    expect(result.data).toBe('captchafox-token-1');
    expect(row.type).toBe('captchafox');
    expect(row.payload.params).toMatchObject({ websiteKey: 'sk_ILKWNruBBVKDOM7dZs59KHnDLEWiH', userAgent: UA });
    expect(row.payload.proxy).toMatchObject({ type: 'http', address: '1.2.3.4', port: 8080, login: 'login', password: 'password' });
  });

  it('vkcaptcha: redirect_uri without a page URL, proxy required', async () => {
    const redirectUri = 'https://id.vk.com/not_robot_captcha?domain=vk.com&session_token=eyJhbGciOiJBM';
    const { row, result } = await solve(() => solver.vkcaptcha({ redirect_uri: redirectUri, userAgent: UA, ...PROXY } as never), token('vk-success-token'));
    expect(result.data).toBe('vk-success-token');
    expect(row.type).toBe('vkcaptcha');
    expect(Object.values(row.payload.params)).toContain(redirectUri);
  });

  it('altcha (JSON body, challengeUrl renamed by the client)', async () => {
    const { row, result } = await solve(() => solver.altcha({ pageurl: URL, challengeUrl: 'https://example.com/altcha/challenge' } as never), token('eyJhbGdvcml0aG0iOiJTSEEtMjU2In0='));
    expect(result.data).toBe('eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=');
    expect(row.type).toBe('altcha');
    expect(Object.values(row.payload.params)).toContain('https://example.com/altcha/challenge');
  });

  it('binance (JSON body): validateId → validate_id, the JSON answer carries the user agent', async () => {
    const { row, result } = await solve(
      () => solver.binance({ pageurl: URL, sitekey: 'register', validateId: '0a05453c44e2411195c0d0c15654d966', userAgent: UA } as never),
      token('captcha#09ba4905a79f44f2a99e44f234439644-ioVA7neog7eRHCDAsC0M'),
    );
    expect(result.data).toBe('captcha#09ba4905a79f44f2a99e44f234439644-ioVA7neog7eRHCDAsC0M');
    expect(result).toMatchObject({ useragent: UA });
    expect(row.type).toBe('binance');
    expect(Object.values(row.payload.params)).toContain('0a05453c44e2411195c0d0c15654d966');
  });

  it('yidun (JSON body) with its optional fields', async () => {
    const { row, result } = await solve(
      () => solver.yidun({ pageurl: URL, sitekey: 'e6d2a7a2ed5b4b2b', yidunGetLib: 'https://cstaticdun.126.net/load.min.js', challenge: 'c1', hcg: 'h1', hct: 1700000000 } as never),
      token('yidun-validate-1'),
    );
    expect(result.data).toBe('yidun-validate-1');
    expect(row.type).toBe('yidun');
    expect(row.payload.params).toMatchObject({ yidunGetLib: 'https://cstaticdun.126.net/load.min.js', challenge: 'c1', hcg: 'h1', hct: 1700000000 });
  });

  it('alibaba (JSON body): sceneId, prefix, region, apiGetLib', async () => {
    const { row, result } = await solve(
      () => solver.alibaba({ pageurl: URL, sceneId: 'abc123xyz4', prefix: 'dlw3kug', region: 'sgp', apiGetLib: 'https://o.example.com/AliyunCaptcha.js?t=2041', userAgent: UA } as never),
      token('alibaba-verify-param'),
    );
    expect(result.data).toBe('alibaba-verify-param');
    expect(row.type).toBe('alibaba');
    expect(row.payload.params).toMatchObject({ sceneId: 'abc123xyz4', prefix: 'dlw3kug', region: 'sgp', apiGetLib: 'https://o.example.com/AliyunCaptcha.js?t=2041' });
  });

  it('tspd (JSON body): cookie, page HTML and the proxy', async () => {
    const { row, result } = await solve(
      () => solver.tspd({ pageurl: URL, tspdCookie: 'TS386a400d029=082670010245', htmlPageBase64: 'PCFET0NUWVBFIGh0bWw+', userAgent: UA, ...PROXY } as never),
      token('TS386a400d029=0826700abc'),
    );
    expect(result.data).toBe('TS386a400d029=0826700abc');
    expect(row.type).toBe('tspd');
    expect(row.payload.proxy).toMatchObject({ address: '1.2.3.4', port: 8080 });
  });

  it('basilisk and hunt (both stages)', async () => {
    const basilisk = await solve(() => solver.basilisk({ pageurl: URL, sitekey: 'b7890h19fb2600897', userAgent: UA } as never), token('basilisk-token'));
    expect(basilisk.result.data).toBe('basilisk-token');
    expect(basilisk.row.type).toBe('basilisk');

    const lib = 'https://example.com/hd-api/external/apps/app-id/api.js';
    const first = await solve(() => solver.hunt({ pageurl: URL, apiGetLib: lib, userAgent: UA } as never), token('META_TOKEN_VALUE'));
    expect(first.result.data).toBe('META_TOKEN_VALUE');
    const second = await solve(() => solver.hunt({ pageurl: URL, apiGetLib: lib, data: 'META_TOKEN_VALUE', ...PROXY } as never), token('hunt-final-token'));
    expect(second.result.data).toBe('hunt-final-token');
    expect(second.row).toMatchObject({ type: 'hunt', payload: { params: { data: 'META_TOKEN_VALUE' } } });
  });

  it('temu (JSON body, data: URIs): the background and three pieces, one point per piece', async () => {
    const uri = (seed: number) => `data:image/png;base64,${makePng(60, 24, seed).toString('base64')}`;
    const points = [{ x: 155, y: 358 }, { x: 20, y: 30 }, { x: 240, y: 96 }];
    const { row, result } = await solve(() => solver.temu({ body: uri(1), part1: uri(2), part2: uri(3), part3: uri(4) }), { kind: 'points', points });
    expect(row.type).toBe('temuimage');
    expect(row.payload.params, 'one point per piece, as the worker is told').toEqual({ minClicks: 3, maxClicks: 3 });
    expect(result.data).toEqual(points.map((p) => ({ x: String(p.x), y: String(p.y) })));
  });

  it('vkimage (JSON body): steps as the JSON text the client documents; the answer is a step count', async () => {
    const { row, result } = await solve(() => solver.vkimage({ body: makePng(60, 24, 5).toString('base64'), steps: '[5,19,4,3,23,8,20,4,18,10]' }), { kind: 'text', text: '7' });
    expect(result.data).toBe('7');
    expect(row).toMatchObject({ type: 'vkimage', payload: { params: { steps: [5, 19, 4, 3, 23, 8, 20, 4, 18, 10] } } });
  });

  it('a malformed proxy given with a token kind is refused, and the client reports the code', async () => {
    await expect(
      solver.captchaFox({ pageurl: URL, sitekey: 'sk_ILKWNruBBVKDOM7dZs59KHnDLEWiH', userAgent: UA, proxy: 'login:password@1.2.3.4:port', proxytype: 'HTTP' } as never),
    ).rejects.toMatchObject({ err: 'ERROR_PROXY_FORMAT' });
  });
});
