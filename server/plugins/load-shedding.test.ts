import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { LoopLag } from './load-shedding.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* the event loop is busy */
  }
};

describe('LoopLag', () => {
  it('sees a blocked loop, then forgets it after its window', async () => {
    const lag = new LoopLag(10, 200);
    lag.start();
    await sleep(50);
    expect(lag.lagMs).toBeLessThan(100);
    block(300);
    await sleep(15);
    expect(lag.lagMs).toBeGreaterThanOrEqual(250);
    await sleep(300);
    expect(lag.lagMs).toBeLessThan(100);
    lag.stop();
  });
});

describe('load shedding over the network', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMITS: 'false', SHED_LAG_MS: '250' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // fetch keeps its sockets alive: drop them so closing the app never waits on one.
    t.app.server.closeAllConnections();
    await t.close();
  }, 120_000);

  it('answers pages 503 + Retry-After while the loop runs late; the compatible API keeps answering', async () => {
    block(600);
    await sleep(15);
    const page = await fetch(`${base}/about`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('1');
    // Static assets are never shed: a page already served needs them.
    expect((await fetch(`${base}/assets/missing.js`)).status).not.toBe(503);
    const poll = await fetch(`${base}/res.php?key=0123456789abcdef0123456789abcdef&action=getbalance`);
    expect(poll.status).toBe(200);
    expect(await poll.text()).toBe('ERROR_KEY_DOES_NOT_EXIST');
    expect((await t.app.metrics.shed.get()).values[0]!.value).toBeGreaterThanOrEqual(1);
    // Once the loop keeps time again, pages are served (a busy test machine may take a moment).
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await sleep(100);
      status = (await fetch(`${base}/about`)).status;
    }
    expect(status).toBe(200);
  });
});
