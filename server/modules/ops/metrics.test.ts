import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { notReadyReason } from './ops.service.ts';

const TOKEN = 'metrics-token-families-0123';

/** Every family issue 22 lists, with its Prometheus type. */
const FAMILIES: Record<string, PromFamily['type']> = {
  captchahub_http_requests_total: 'COUNTER',
  captchahub_http_request_duration_seconds: 'HISTOGRAM',
  captchahub_tasks_total: 'COUNTER',
  captchahub_queue_depth: 'GAUGE',
  captchahub_queue_oldest_seconds: 'GAUGE',
  captchahub_workers_online: 'GAUGE',
  captchahub_workers_busy: 'GAUGE',
  captchahub_offer_latency_seconds: 'HISTOGRAM',
  nodejs_eventloop_lag_seconds: 'GAUGE',
  nodejs_eventloop_lag_p99_seconds: 'GAUGE',
  captchahub_db_pool_connections: 'GAUGE',
  captchahub_pingback_deliveries_total: 'COUNTER',
  captchahub_payment_webhooks_total: 'COUNTER',
  captchahub_money_micro_usd_total: 'COUNTER',
};

describe('/metrics families (parsed with a Prometheus text-format parser)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMITS: 'false', METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return { text: res.body, families: new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f])) };
  };
  const value = (f: PromFamily | undefined, labels: Record<string, string>) =>
    Number(f?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? NaN);

  it('carries every listed family with its type, and counts what happened', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const png = makePng().toString('base64');
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } })).body).toMatch(/^OK\|\d+$/);
    }
    await t.app.inject({ url: `/res.php?key=${customer.apiKey}&action=getbalance` });
    await t.app.inject({ method: 'POST', url: '/webhooks/payments/nosuchprovider', payload: '{}' });
    // The ledger is read 5 s behind (a late commit is never skipped): the two charges are older then.
    await new Promise((r) => setTimeout(r, 5_200));

    const { families, text } = await scrape();
    for (const [name, type] of Object.entries(FAMILIES)) {
      expect(families.get(name)?.type, name).toBe(type);
    }
    expect(value(families.get('captchahub_http_requests_total'), { surface: 'compat', route: '/in.php', status: '200' })).toBe(2);
    expect(value(families.get('captchahub_http_requests_total'), { surface: 'compat', route: '/res.php', status: '200' })).toBe(1);
    // This parser keeps a histogram's buckets but not its labels: the per-route count is read from the text.
    expect(families.get('captchahub_http_request_duration_seconds')!.metrics[0]!.buckets?.['+Inf']).toBeDefined();
    expect(text).toContain('captchahub_http_request_duration_seconds_count{surface="compat",route="/in.php"} 2');
    expect(value(families.get('captchahub_payment_webhooks_total'), { provider: 'unknown', outcome: 'unknown_provider' })).toBe(1);
    expect(value(families.get('captchahub_tasks_total'), { type: 'normal', outcome: 'submitted' })).toBe(2);
    expect(value(families.get('captchahub_queue_depth'), { type: 'normal' })).toBe(2);
    expect(value(families.get('captchahub_queue_oldest_seconds'), { type: 'normal' })).toBeGreaterThanOrEqual(5);
    expect(value(families.get('captchahub_workers_online'), {})).toBe(0);
    // Two charges: the customer's balance moved by what the ledger says.
    const charged = await t.database.db.execute(sql`select coalesce(-sum(amount), 0)::bigint as s from ledger_entries where kind = 'charge'`);
    const expected = Number(((charged as unknown as { rows?: { s: unknown }[] }).rows ?? (charged as unknown as { s: unknown }[]))[0]!.s);
    expect(expected).toBeGreaterThan(0);
    expect(value(families.get('captchahub_money_micro_usd_total'), { kind: 'charge', direction: 'debit' })).toBe(expected);
  }, 20_000);

  it('/readyz fails while this build has migrations the database lacks', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const db = t.database.db;
    const [last] = ((await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', reason: 'migrations pending' });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz fails while the database is unreachable', async () => {
    const down = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) } as Database;
    expect(await notReadyReason(down)).toBe('database unreachable');
    expect(await notReadyReason(t.database)).toBeNull();
  });
});
