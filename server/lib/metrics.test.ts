import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

const TOKEN = 'metrics-token-0123456789';

/** Prometheus text format → family name → type, and sample name+labels → value. */
function parse(text: string) {
  const types = new Map<string, string>();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    else if (line && !line.startsWith('#')) {
      const m = /^(\S+?(?:\{[^}]*\})?) (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      samples.set(m[1]!, Number(m[2]));
    }
  }
  return { types, samples };
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMITS: 'false', METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('answers only the bearer of the token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    const ok = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('carries event-loop delay, offer latency and the submission counters, counting a submission', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const res = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: makePng().toString('base64') } });
    expect(res.body).toMatch(/^OK\|\d+$/);
    const { types, samples } = parse((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body);
    expect(types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(types.get('captchahub_offer_latency_seconds')).toBe('histogram');
    expect(types.get('captchahub_submissions_total')).toBe('counter');
    expect(samples.get('captchahub_submissions_total{outcome="accepted"}')).toBe(1);
    expect(samples.has('captchahub_offer_latency_seconds_bucket{le="+Inf"}')).toBe(true);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is off: no metrics, whatever the header', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything-at-all-here' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('nodejs_eventloop_lag');
  });
});
