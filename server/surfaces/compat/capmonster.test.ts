/**
 * Wire compatibility with CapMonster Cloud's official client (@zennolab_com/capmonstercloud-client,
 * from npm), pointed at this server with its `serviceUrl` option. Its requests carry `softId`,
 * `nocache` and `userAgent`, and send the proxy names (NoCaptchaTask, TurnstileTask…) without
 * proxy fields, because CapMonster treats the proxy as optional. A worker answers through the
 * service layer, as in the other compat tests.
 */
import { sql } from 'drizzle-orm';
import {
  CapMonsterCloudClientFactory, ClientOptions, ImageToTextRequest, ProsopoRequest, RecaptchaV2Request, TurnstileRequest, YidunRequest,
} from '@zennolab_com/capmonstercloud-client';
import type { Answer } from '#shared/captcha-types/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerTask, claimTask } from '#server/modules/tasks/tasks.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

const URL = 'https://example.com/login';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
/** Quick polling; the client's defaults wait 10 s before the first poll of a nocache task. */
const FAST = { firstRequestDelay: 50, firstRequestNoCacheDelay: 50, requestsInterval: 100, timeout: 15_000 };

let t: TestApp;
let customer: Awaited<ReturnType<typeof buildUser>>;
let worker: Awaited<ReturnType<typeof buildUser>>;
let client: ReturnType<typeof CapMonsterCloudClientFactory.Create>;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  customer = await buildUser(t, { userType: 'customer', balance: '10.00' });
  worker = await buildUser(t, { userType: 'worker' });
  await markTrainingPassed(ctx(), worker.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  client = CapMonsterCloudClientFactory.Create(new ClientOptions({ clientKey: customer.apiKey, serviceUrl: `http://127.0.0.1:${port}`, softId: 9091 }));
});
afterAll(() => t.close());

const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The worker waits for the next task, answers it, and returns its row id. */
async function answerNext(answer: Answer): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const task = await claimTask(ctx(), { id: worker.id, languages: ['en'] });
    if (task) {
      await answerTask(ctx(), worker.id, task.id, answer);
      return task.id;
    }
    await sleep(50);
  }
  throw new Error('no task was offered');
}

async function taskRow(id: number) {
  const res = await t.database.db.execute(sql`select type, soft_id, payload from tasks where id = ${id}`);
  return res.rows[0] as { type: string; soft_id: number | null; payload: { params: Record<string, unknown>; proxy?: unknown } };
}

describe('CapMonster Cloud client', () => {
  it('NoCaptchaTask without proxy fields (nocache, userAgent, softId) is solved as proxyless reCAPTCHA v2', async () => {
    const solving = client.Solve(new RecaptchaV2Request({ websiteURL: URL, websiteKey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-', userAgent: UA, nocache: true }), FAST);
    const id = await answerNext({ kind: 'token', token: '03AGdBq24PBCbwiDRaS_MJ7Z' });
    const result = await solving;
    expect(result.error).toBeUndefined();
    expect(result.solution).toEqual({ gRecaptchaResponse: '03AGdBq24PBCbwiDRaS_MJ7Z', token: '03AGdBq24PBCbwiDRaS_MJ7Z' });
    const row = await taskRow(id);
    expect(row).toMatchObject({ type: 'recaptcha_v2', soft_id: 9091 });
    expect(row.payload.params).toMatchObject({ websiteURL: URL, userAgent: UA });
    expect(row.payload.proxy).toBeUndefined();
  });

  it('TurnstileTask without proxy fields; its pageAction is the action', async () => {
    const solving = client.Solve(new TurnstileRequest({ cloudflareTaskType: 'token', websiteURL: URL, websiteKey: '0x4AAAAAAABUYP0XeMJF0xoy', userAgent: UA, pageAction: 'login', data: 'c', pageData: 'p' }), FAST);
    const id = await answerNext({ kind: 'token', token: '0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p' });
    const result = await solving;
    expect(result.solution).toEqual({ token: '0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p', userAgent: UA });
    expect((await taskRow(id)).payload.params).toMatchObject({ action: 'login', data: 'c', pageData: 'p' });
  });

  it('a proxy given with a …Task name is still used', async () => {
    const proxy = { proxyType: 'http' as never, proxyAddress: '8.8.8.8', proxyPort: 3128, proxyLogin: 'l', proxyPassword: 'p' };
    const solving = client.Solve(new ProsopoRequest({ websiteURL: URL, websiteKey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm', proxy } as never), FAST);
    const id = await answerNext({ kind: 'token', token: '0x00016c68747470733a2f2f70726f6e6f64652e70726f736f706f2e696f' });
    expect((await solving).solution).toEqual({ token: '0x00016c68747470733a2f2f70726f6e6f64652e70726f736f706f2e696f' });
    expect((await taskRow(id)).payload.proxy).toMatchObject({ type: 'http', address: '8.8.8.8', port: 3128 });
  });

  it('a malformed proxy given with a …Task name is validated: ERROR_BAD_PROXY on the wire, a refusal in the client, no task queued', async () => {
    const proxy = { proxyType: 'http' as never, proxyAddress: '8.8.8.8', proxyPort: 0 };
    const result = await client.Solve(new TurnstileRequest({ websiteURL: URL, websiteKey: '0x4AAAAAAABUYP0XeMJF0xoy', proxy } as never), FAST);
    // The client lists no proxy error codes, so it names ours 'Unknown'; the wire carries ERROR_BAD_PROXY.
    expect(result.error).toBe('Unknown');
    const wire = await t.app.inject({
      method: 'POST',
      url: '/createTask',
      payload: { clientKey: customer.apiKey, softId: 9091, task: { type: 'TurnstileTask', websiteURL: URL, websiteKey: '0x4AAAAAAABUYP0XeMJF0xoy', ...proxy } },
    });
    expect(wire.json()).toMatchObject({ errorId: 130, errorCode: 'ERROR_BAD_PROXY' });
    expect(await claimTask(ctx(), { id: worker.id, languages: ['en'] })).toBeNull();
  });

  it('YidunTask (a kind new to the registry) and ImageToTextTask', async () => {
    const yidun = client.Solve(new YidunRequest({ websiteURL: URL, websiteKey: 'e6d2a7a2ed5b4b2b', userAgent: UA } as never), FAST);
    expect((await taskRow(await answerNext({ kind: 'token', token: 'yidun-token-1' }))).type).toBe('yidun');
    expect((await yidun).solution).toEqual({ token: 'yidun-token-1' });

    const image = client.Solve(new ImageToTextRequest({ body: makePng().toString('base64') }), FAST);
    await answerNext({ kind: 'text', text: 'w9h5k' });
    expect((await image).solution).toEqual({ text: 'w9h5k' });
  });

  it('a refusal reaches the client as its error', async () => {
    const result = await client.Solve(new RecaptchaV2Request({ websiteURL: URL, websiteKey: '' } as never), FAST);
    expect(result.error).toBeDefined();
  });
});
