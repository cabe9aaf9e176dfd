/**
 * Issue 21, finding 1: pingbacks must never reach loopback, private, link-local or metadata
 * addresses, at registration (all four entry points) nor at delivery (DNS rebinding).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pingbackHostOf } from '#shared/contracts/pingback.ts';
import { listPingbacks } from '#server/modules/customer/logs.service.ts';
import { buildTestApp, heard, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { loadConfig } from '#server/config.ts';
import { addPingbackHost, deliverDuePingbacks, enqueuePingback, PINGBACK_MAX_ATTEMPTS } from './pingback.service.ts';
import { checkHostname, isPublicAddress, systemResolver, type Resolver } from './pingback-target.ts';
import { sweepTasks } from './tasks.service.ts';
import { upsertApiSettings } from './tasks.repo.ts';

/** Every spelling of a destination that is not on the public internet the probe tried, and more. */
const HOSTILE = [
  '127.0.0.1', 'localhost', '0.0.0.0', '[::1]', '10.0.0.1', '169.254.169.254', '2130706433', '0x7f000001', '127.1',
  '0177.0.0.1', '0x7f.1', '0', '192.168.1.1', '172.16.0.1', '100.64.0.1', '224.0.0.1', '255.255.255.255', '240.0.0.1',
  '[::]', '[::ffff:127.0.0.1]', '[::ffff:a9fe:a9fe]', '[::127.0.0.1]', '[2002:7f00:1::]', '[64:ff9b::a00:1]', '[fc00::1]',
  '[fd12:3456::1]', '[fe80::1]', '[ff02::1]', '[2001::1]', 'metadata.google.internal', 'foo.localhost', 'intranet',
];

const loopbackResolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
const publicResolver: Resolver = async () => [{ address: '93.184.215.14', family: 4 }];
const policy = { allowPrivate: false, resolve: systemResolver };

describe('address policy', () => {
  it('refuses every non-public form, after the URL parser canonicalised it', async () => {
    for (const addr of HOSTILE) {
      const host = pingbackHostOf(`http://${addr}/x`);
      expect(host, addr).not.toBeNull();
      const hostname = new URL(`http://${host}`).hostname;
      expect((await checkHostname(hostname, policy)).verdict, addr).toBe('refused');
    }
  });

  it('accepts public addresses, IPv4 and IPv6, and public IPv4 inside NAT64 and 6to4', async () => {
    for (const ip of ['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
    for (const ip of ['2130706433', '0x7f000001', '127.1', 'localhost', '']) expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('refuses a name when any of its addresses is not public, and accepts a name resolving to public ones', async () => {
    expect((await checkHostname('hooks.example.com', { allowPrivate: false, resolve: loopbackResolver })).verdict).toBe('refused');
    const mixed: Resolver = async () => [{ address: '93.184.215.14', family: 4 }, { address: '::1', family: 6 }];
    expect((await checkHostname('hooks.example.com', { allowPrivate: false, resolve: mixed })).verdict).toBe('refused');
    expect((await checkHostname('hooks.example.com', { allowPrivate: false, resolve: publicResolver })).verdict).toBe('ok');
    // The real resolver: "localhost" is refused by name, whatever the hosts file says.
    expect((await checkHostname('localhost', policy)).verdict).toBe('refused');
  });

  it('PINGBACK_ALLOW_PRIVATE is off by default and refused in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PINGBACK_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PINGBACK_ALLOW_PRIVATE: 'true' }).PINGBACK_ALLOW_PRIVATE).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', PINGBACK_ALLOW_PRIVATE: 'true' })).toThrow(/PINGBACK_ALLOW_PRIVATE/);
  });
});

describe('through the app', () => {
  let t: TestApp;
  let server: Server;
  let connections = 0;
  const received: string[] = [];
  const png = makePng().toString('base64');
  const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMITS: 'false' });
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(body);
        res.statusCode = 500;
        res.end('internal');
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await t.close();
  });

  it('refuses every hostile address at the four entry points', async () => {
    const customer = await buildUser(t, { balance: '1' });
    const headers = browserHeaders(t, await sessionCookieFor(t, customer.id));
    // Hosts that got in before the rule must not be usable by in.php or createTask either.
    const hosts = HOSTILE.map((a) => pingbackHostOf(`http://${a}/`)!);
    await upsertApiSettings(t.database.db, customer.id, { pingbackHosts: hosts.slice(0, 50) });
    await heard();
    for (const addr of HOSTILE) {
      const site = await t.app.inject({ method: 'POST', url: '/api/v2/customer/pingback-hosts', headers, payload: { address: `http://${addr}:8080/hook` } });
      expect(site.statusCode, addr).toBe(403);
      // app.inject comes from 127.0.0.1, which passes the "sent from the host" rule for loopback.
      const v1 = await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=add_pingback&addr=${encodeURIComponent(`http://${addr}/`)}` });
      expect(v1.body, addr).toBe('ERROR_BAD_PARAMETERS');
      const inPhp = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png, pingback: `http://${addr}/hook` } });
      expect(inPhp.body, addr).toBe('ERROR_BAD_PARAMETERS');
      const v2 = await t.app.inject({
        method: 'POST',
        url: '/createTask',
        payload: { clientKey: customer.apiKey, task: { type: 'ImageToTextTask', body: png }, callbackUrl: `http://${addr}/hook` },
      });
      expect(v2.json(), addr).toMatchObject({ errorCode: 'ERROR_BAD_PARAMETERS' });
    }
    const [row] = (await t.database.db.execute(sql`select count(*)::int as n from tasks where customer_id = ${customer.id}`)).rows as { n: number }[];
    expect(Number(row!.n)).toBe(0);
  });

  it('refuses a name that resolves to loopback at registration', async () => {
    const customer = await buildUser(t, { balance: '1' });
    expect(await addPingbackHost(ctx(), customer.id, 'https://hooks.rebind.test/cb', loopbackResolver)).toBe('not_public');
    expect(await addPingbackHost(ctx(), customer.id, 'https://hooks.rebind.test/cb', publicResolver)).toBeNull();
  });

  it('refuses at delivery a name registered while public that now resolves to loopback: no connection, generic log', async () => {
    const port = (server.address() as AddressInfo).port;
    const customer = await buildUser(t, { balance: '1' });
    expect(await addPingbackHost(ctx(), customer.id, `rebind.test:${port}`, publicResolver)).toBeNull();
    await heard();
    // in.php accepts it: ".test" never resolves, so only delivery can tell where it points.
    const submitted = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png, pingback: `http://rebind.test:${port}/hook` } });
    expect(submitted.body).toMatch(/^OK\|\d+$/);
    const id = Number(submitted.body.slice(3));
    await t.database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id = ${id}`);
    await sweepTasks(ctx());
    // Rows a customer could not create any more (registered before the rule): every form is
    // refused at delivery too, before any connection ("unreachable" would mean it was tried).
    for (const addr of HOSTILE) await enqueuePingback(ctx(), id, `http://${addr}:${port}/hook`, 'x');
    await t.database.db.execute(sql`update pingbacks set next_attempt_at = now() where task_id = ${id}`);
    await deliverDuePingbacks(ctx(), loopbackResolver, HOSTILE.length + 1);

    expect(connections).toBe(0);
    expect(received).toEqual([]);
    const rows = (await t.database.db.execute(sql`select url, attempts, last_error from pingbacks where task_id = ${id}`)).rows as { url: string; attempts: number; last_error: string }[];
    expect(rows).toHaveLength(HOSTILE.length + 1);
    for (const r of rows) expect(r, r.url).toMatchObject({ attempts: PINGBACK_MAX_ATTEMPTS, last_error: 'refused' });
  });

  it('shows customers a generic reason, never the transport error', async () => {
    const customer = await buildUser(t, { balance: '1' });
    const submitted = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } });
    const id = Number(submitted.body.slice(3));
    await enqueuePingback(ctx(), id, 'http://hooks.example.com/a', 'x');
    await t.database.db.execute(sql`update pingbacks set last_error = 'connect ECONNREFUSED 10.0.0.5:6379', attempts = 1 where task_id = ${id}`);
    const page = await listPingbacks(ctx(), customer.id, { limit: 10 });
    expect(page.records.map((p) => p.lastError)).toEqual(['unreachable']);
  });
});

describe('PINGBACK_ALLOW_PRIVATE', () => {
  it('lets the product’s own tests deliver to loopback, and the log keeps the HTTP status', async () => {
    const t = await buildTestApp({ RATE_LIMITS: 'false', PINGBACK_ALLOW_PRIVATE: 'true' });
    const server = createServer((_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer };
      const port = (server.address() as AddressInfo).port;
      const customer = await buildUser(t, { balance: '1' });
      const submitted = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: makePng().toString('base64') } });
      const id = Number(submitted.body.slice(3));
      await enqueuePingback(ctx, id, `http://127.0.0.1:${port}/hook`, 'x');
      await deliverDuePingbacks(ctx);
      const page = await listPingbacks(ctx, customer.id, { limit: 10 });
      expect(page.records.map((p) => p.lastError)).toEqual(['HTTP 500']);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      await t.close();
    }
  });
});
