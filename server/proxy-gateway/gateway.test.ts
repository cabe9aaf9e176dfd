import { execFile } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Server as ProxyChainServer } from 'proxy-chain';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, proxyPurchases, proxySubUsers, proxyUsageDaily, users } from '#server/db/schema/index.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { parseProxyConfig } from '#server/modules/proxy/proxy-config.ts';
import { addWhitelist, createSubUser, purchase, updateSubUser } from '#server/modules/proxy/proxy.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { dbControl } from './control.ts';
import { startGateway, type Gateway } from './gateway.ts';

/**
 * The gateway end to end on loopback (issue 17 "Done when"): the real curl binary through HTTP,
 * CONNECT and SOCKS5 to local targets, local upstream proxies, the database of a test app.
 * Ports 5101/5102 are the gateway's (the helper's reserved range); targets and upstreams take any.
 */
const HTTP_PORT = 5101;
const SOCKS_PORT = 5102;
const MB = 1_000_000;

/** A raw CONNECT through the gateway; resolves with the status code and the open socket. */
function connectTunnel(user: string, pass: string, targetPort: number): Promise<{ status: number; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: HTTP_PORT });
    socket.once('error', reject);
    const auth = Buffer.from(`${user}:${pass}`).toString('base64');
    socket.once('connect', () => socket.write(`CONNECT 127.0.0.1:${targetPort} HTTP/1.1\r\nHost: 127.0.0.1:${targetPort}\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`));
    socket.once('data', (chunk: Buffer) => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0), socket }));
  });
}

function curl(args: string[], timeoutMs = 30_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('curl', ['-sS', '--max-time', String(timeoutMs / 1000), ...args], { timeout: timeoutMs + 5_000, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A target serving /bytes/N (N bytes, optionally paced at ?rate= bytes per 50 ms) and /hello. */
function targetHandler(events: { capAt?: number; closedAt?: number; sent: number; watch?: number }) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/bytes\/(\d+)$/.exec(url.pathname);
    if (!m) {
      res.end('hello through the gateway');
      return;
    }
    const total = Number(m[1]);
    const rate = Number(url.searchParams.get('rate') ?? 0);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(total) });
    const chunk = Buffer.alloc(64 * 1024, 97);
    let sent = 0;
    events.sent = 0;
    res.socket?.once('close', () => (events.closedAt = Date.now()));
    const pump = () => {
      while (sent < total) {
        const n = Math.min(chunk.length, total - sent);
        sent += n;
        events.sent = sent;
        if (events.watch !== undefined && events.capAt === undefined && sent >= events.watch) events.capAt = Date.now();
        const more = res.write(n === chunk.length ? chunk : chunk.subarray(0, n));
        if (rate > 0 && sent % rate < chunk.length) {
          setTimeout(pump, 50);
          return;
        }
        if (!more) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
  };
}

let t: TestApp;
let ctx: Ctx;
let gateway: Gateway;
let target: http.Server;
let secureTarget: https.Server;
const events: { capAt?: number; closedAt?: number; sent: number; watch?: number } = { sent: 0 };
let targetUrl: string;
let secureUrl: string;
const upstreamHits = new Map<string, number>();
const upstreams: ProxyChainServer[] = [];
let deadUrl: string;
let userId: number;
let login: string;
let password: string;
let subUserId: number;

async function upstream(name: string): Promise<string> {
  const s = new ProxyChainServer({ port: 0, host: '127.0.0.1', prepareRequestFunction: () => { upstreamHits.set(name, (upstreamHits.get(name) ?? 0) + 1); return {}; } });
  await s.listen();
  upstreams.push(s);
  return `http://127.0.0.1:${s.port}`;
}

async function flushed(): Promise<void> {
  await gateway.meter.cycle();
}

beforeAll(async () => {
  t = await buildTestApp();
  ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer };
  target = http.createServer(targetHandler(events));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keyType: 'ec', algorithm: 'sha256', notAfterDate: new Date(Date.now() + 3600_000) } as never);
  secureTarget = https.createServer({ key: pems.private, cert: pems.cert }, targetHandler({ sent: 0 }));
  await new Promise<void>((r) => secureTarget.listen(0, '127.0.0.1', r));
  secureUrl = `https://127.0.0.1:${(secureTarget.address() as AddressInfo).port}`;

  const a = await upstream('a');
  const b = await upstream('b');
  const c = await upstream('c');
  const live = await upstream('live');
  // A port nothing listens on: an upstream that is down.
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((r) => probe.close(() => r()));

  gateway = await startGateway({
    control: dbControl(ctx),
    proxyConfig: parseProxyConfig({
      pools: [
        { type: 'residential', upstreams: [a, b, c] },
        { type: 'mobile', upstreams: [deadUrl, live] },
        { type: 'datacenter', direct: true },
      ],
    }),
    host: '127.0.0.1',
    httpPort: HTTP_PORT,
    socksPort: SOCKS_PORT,
    allowPrivateTargets: true,
    flushMs: 200,
    log: { info() {}, warn() {}, error() {} },
  });

  const user = await buildUser(t, { balance: '100.00' });
  userId = user.id;
  for (const planType of ['residential', 'mobile', 'datacenter'] as const) await purchase(ctx, userId, { planType, unit: 'gb', quantity: 1 });
  const sub = await createSubUser(ctx, userId, { label: 'main' });
  login = sub.subUser.login;
  password = sub.password;
  subUserId = sub.subUser.id;
  await flushed();
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(upstreams.map((u) => u.close(true)));
  for (const server of [target, secureTarget]) {
    if (!server) continue;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await t?.close();
});

const gw = `127.0.0.1:${HTTP_PORT}`;
const socks = `127.0.0.1:${SOCKS_PORT}`;

describe('proxy gateway', () => {
  it('carries HTTP, HTTPS CONNECT and SOCKS5 with credentials to the target', async () => {
    const user = `${login}-type-datacenter`;
    const viaHttp = await curl(['-x', `http://${user}:${password}@${gw}`, `${targetUrl}/hello`]);
    expect(viaHttp.stdout).toBe('hello through the gateway');
    const viaConnect = await curl(['-k', '-x', `http://${user}:${password}@${gw}`, `${secureUrl}/hello`]);
    expect(viaConnect.stdout).toBe('hello through the gateway');
    const viaSocks = await curl(['-x', `socks5h://${user}:${password}@${socks}`, `${targetUrl}/hello`]);
    expect(viaSocks.stdout).toBe('hello through the gateway');
    const viaSocksTls = await curl(['-k', '-x', `socks5://${user}:${password}@${socks}`, `${secureUrl}/hello`]);
    expect(viaSocksTls.stdout).toBe('hello through the gateway');
  });

  it('refuses a wrong password, a malformed username and no credentials with the documented errors', async () => {
    const wrong = await curl(['-x', `http://${login}:nope@${gw}`, '-w', '%{http_code}', `${targetUrl}/hello`]);
    expect(wrong.stdout).toBe('ERROR_WRONG_CREDENTIALS407');
    const bad = await curl(['-x', `http://${login}-session-x-lifetime-999:${password}@${gw}`, '-w', '%{http_code}', `${targetUrl}/hello`]);
    expect(bad.stdout).toBe('ERROR_BAD_USERNAME407');
    const socksWrong = await curl(['-x', `socks5h://${login}:nope@${socks}`, `${targetUrl}/hello`]);
    expect(socksWrong.code).not.toBe(0);
  });

  it('lets a whitelisted address in without credentials and refuses another with ERROR_IP_NOT_WHITELISTED', async () => {
    await addWhitelist(ctx, userId, { ip: '127.0.0.2', subUserId });
    await flushed();
    const allowed = await curl(['--interface', '127.0.0.2', '-x', `http://${gw}`, `${targetUrl}/hello`]);
    expect(allowed.stdout).toBe('hello through the gateway');
    const allowedSocks = await curl(['--interface', '127.0.0.2', '-x', `socks5h://${socks}`, `${targetUrl}/hello`]);
    expect(allowedSocks.stdout).toBe('hello through the gateway');

    const refused = await curl(['--interface', '127.0.0.3', '-x', `http://${gw}`, '-i', `${targetUrl}/hello`]);
    expect(refused.stdout).toMatch(/^HTTP\/1\.1 407/);
    expect(refused.stdout).toMatch(/ERROR_IP_NOT_WHITELISTED$/);
    const refusedConnect = await curl(['--interface', '127.0.0.3', '-k', '-x', `http://${gw}`, `${secureUrl}/hello`]);
    expect(refusedConnect.code).toBe(56);
    expect(refusedConnect.stderr).toMatch(/407/);
    const refusedSocks = await curl(['--interface', '127.0.0.3', '-x', `socks5h://${socks}`, `${targetUrl}/hello`]);
    expect(refusedSocks.code).toBe(97);
    expect(refusedSocks.stderr).toMatch(/\(2\)/); // SOCKS5 reply 2: connection not allowed
  });

  it('counts the bytes of a 50 MB transfer within 1% (and of a SOCKS5 one)', async () => {
    const sub = await createSubUser(ctx, userId, { label: 'meter' });
    await flushed();
    const size = 50 * MB;
    const res = await curl(['-p', '-x', `http://${sub.subUser.login}-type-datacenter:${sub.password}@${gw}`, '-o', '/dev/null', '-w', '%{size_download}', `${targetUrl}/bytes/${size}`], 60_000);
    expect(res.stdout).toBe(String(size));
    await flushed();
    const [row] = await t.database.db.select().from(proxyUsageDaily).where(eq(proxyUsageDaily.subUserId, sub.subUser.id));
    const counted = row!.bytesUp + row!.bytesDown;
    expect(Math.abs(counted - size) / size).toBeLessThan(0.01);
    expect(row!.bytesDown).toBeGreaterThanOrEqual(size);
    const [totals] = await t.database.db.select().from(proxySubUsers).where(eq(proxySubUsers.id, sub.subUser.id));
    expect(totals!.bytesUp + totals!.bytesDown).toBe(counted);

    // SOCKS5 is metered the same way.
    const viaSocks = await createSubUser(ctx, userId, { label: 'socks meter' });
    await flushed();
    const socksSize = 20 * MB;
    const socksRes = await curl(['-x', `socks5h://${viaSocks.subUser.login}-type-datacenter:${viaSocks.password}@${socks}`, '-o', '/dev/null', '-w', '%{size_download}', `${targetUrl}/bytes/${socksSize}`], 60_000);
    expect(socksRes.stdout).toBe(String(socksSize));
    await flushed();
    const [socksRow] = await t.database.db.select().from(proxyUsageDaily).where(eq(proxyUsageDaily.subUserId, viaSocks.subUser.id));
    expect(Math.abs(socksRow!.bytesUp + socksRow!.bytesDown - socksSize) / socksSize).toBeLessThan(0.01);
  }, 60_000);

  it('cuts a sub-user at its cap off mid-transfer within a second, and never bills past the purchase', async () => {
    const [before] = await t.database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    const sub = await createSubUser(ctx, userId, { label: 'capped', trafficLimitGb: 0.01 });
    await flushed();
    events.capAt = undefined;
    events.closedAt = undefined;
    events.watch = 10 * MB;
    // 20 MB/s (1 MB every 50 ms): the cap is crossed half a second in, well before the end.
    const res = await curl(['-p', '-x', `http://${sub.subUser.login}-type-datacenter:${sub.password}@${gw}`, '-o', '/dev/null', '-w', '%{size_download}', `${targetUrl}/bytes/${50 * MB}?rate=${MB}`], 60_000);
    events.watch = undefined;
    expect(res.code).not.toBe(0);
    const received = Number(res.stdout);
    expect(received).toBeGreaterThan(9 * MB);
    expect(received).toBeLessThan(12 * MB);
    expect(events.capAt).toBeDefined();
    expect(events.closedAt! - events.capAt!).toBeLessThan(1000);
    await flushed();
    // The next connection is refused outright.
    const again = await curl(['-x', `http://${sub.subUser.login}-type-datacenter:${sub.password}@${gw}`, '-w', '%{http_code}', `${targetUrl}/hello`]);
    expect(again.stdout).toBe('ERROR_SUB_USER_LIMIT_REACHED402');
    const [after] = await t.database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    expect(after!.balance).toBe(before!.balance);
  }, 60_000);

  it('cuts the account off when its traffic runs out and never records more used than bought', async () => {
    const buyer = await buildUser(t, { balance: '10.00' });
    const bought = await purchase(ctx, buyer.id, { planType: 'datacenter', unit: 'gb', quantity: 1 });
    // Most of the package already used (as if by earlier traffic): 5 MB left.
    await t.database.db.update(proxyPurchases).set({ bytesUsed: sql`bytes_total - ${5 * MB}` }).where(eq(proxyPurchases.id, bought.id));
    const sub = await createSubUser(ctx, buyer.id, {});
    await flushed();
    events.capAt = undefined;
    events.closedAt = undefined;
    events.watch = 5 * MB;
    const res = await curl(['-p', '-x', `http://${sub.subUser.login}-type-datacenter:${sub.password}@${gw}`, '-o', '/dev/null', '-w', '%{size_download}', `${targetUrl}/bytes/${50 * MB}?rate=${MB}`], 60_000);
    events.watch = undefined;
    expect(res.code).not.toBe(0);
    expect(Number(res.stdout)).toBeLessThan(7 * MB);
    expect(events.closedAt! - events.capAt!).toBeLessThan(1000);
    await flushed();
    const [p] = await t.database.db.select().from(proxyPurchases).where(eq(proxyPurchases.id, bought.id));
    expect(p!.bytesUsed).toBe(p!.bytesTotal);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, buyer.id));
    expect(entries.map((e) => [e.kind, e.amount])).toEqual(expect.arrayContaining([['proxy_purchase', -1_000_000]]));
    expect(entries.filter((e) => e.kind !== 'topup' && e.kind !== 'adjustment')).toHaveLength(1);
    const [u] = await t.database.db.select({ balance: users.balance }).from(users).where(eq(users.id, buyer.id));
    expect(u!.balance).toBe(9_000_000);
    const refused = await curl(['-x', `http://${sub.subUser.login}-type-datacenter:${sub.password}@${gw}`, '-w', '%{http_code}', `${targetUrl}/hello`]);
    expect(refused.stdout).toBe('ERROR_TRAFFIC_EXHAUSTED402');
  }, 60_000);

  it('keeps a sticky session on its upstream and rotates without one', async () => {
    upstreamHits.clear();
    for (let i = 0; i < 6; i++) {
      const res = await curl(['-x', `http://${login}-type-residential-country-us-session-abc123-lifetime-10:${password}@${gw}`, `${targetUrl}/hello`]);
      expect(res.stdout).toBe('hello through the gateway');
    }
    expect([...upstreamHits.values()]).toEqual([6]);
    upstreamHits.clear();
    for (let i = 0; i < 6; i++) await curl(['-x', `http://${login}-type-residential:${password}@${gw}`, `${targetUrl}/hello`]);
    expect([...upstreamHits.keys()].sort()).toEqual(['a', 'b', 'c']);
  });

  it('skips a dead upstream', async () => {
    upstreamHits.clear();
    for (let i = 0; i < 4; i++) {
      const res = await curl(['-x', `http://${login}-type-mobile:${password}@${gw}`, `${targetUrl}/hello`]);
      expect(res.stdout).toBe('hello through the gateway');
      const viaSocks = await curl(['-x', `socks5h://${login}-type-mobile:${password}@${socks}`, `${targetUrl}/hello`]);
      expect(viaSocks.stdout).toBe('hello through the gateway');
    }
    expect(upstreamHits.get('live')).toBe(8);
    expect(gateway.upstreams.deadUpstreams()).toEqual([deadUrl]);
  });

  it('holds a sub-user to its concurrent connections, refuses a disabled one at once, and an expired plan', async () => {
    const sub = await createSubUser(ctx, userId, { label: 'limited', maxConnections: 2 });
    await flushed();
    const user = `${sub.subUser.login}-type-datacenter`;
    const port = (target.address() as AddressInfo).port;
    const a = await connectTunnel(user, sub.password, port);
    const b = await connectTunnel(user, sub.password, port);
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await curl(['-x', `http://${user}:${sub.password}@${gw}`, '-w', '%{http_code}', `${targetUrl}/hello`]);
    expect(third.stdout).toBe('ERROR_TOO_MANY_CONNECTIONS429');
    a.socket.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect((await curl(['-x', `http://${user}:${sub.password}@${gw}`, `${targetUrl}/hello`])).stdout).toBe('hello through the gateway');

    // Disabling cuts the open tunnel within the next refresh and refuses new connections.
    const closed = new Promise<number>((resolve) => b.socket.once('close', () => resolve(Date.now())));
    const disabledAt = Date.now();
    await updateSubUser(ctx, userId, sub.subUser.id, { disabled: true });
    await flushed();
    expect((await closed) - disabledAt).toBeLessThan(1000);
    const refused = await curl(['-x', `http://${user}:${sub.password}@${gw}`, '-w', '%{http_code}', `${targetUrl}/hello`]);
    expect(refused.stdout).toBe('ERROR_SUB_USER_DISABLED403');

    // A plan past its expiry no longer counts.
    const buyer = await buildUser(t, { balance: '5.00' });
    const bought = await purchase(ctx, buyer.id, { planType: 'mobile', unit: 'gb', quantity: 1 });
    const other = await createSubUser(ctx, buyer.id, {});
    await t.database.db.update(proxyPurchases).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(proxyPurchases.id, bought.id));
    await flushed();
    const expired = await curl(['-x', `http://${other.subUser.login}-type-mobile:${other.password}@${gw}`, '-w', '%{http_code}', `${targetUrl}/hello`]);
    expect(expired.stdout).toBe('ERROR_NO_PLAN402');
  });
});
