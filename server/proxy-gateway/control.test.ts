import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxySubUsers } from '#server/db/schema/index.ts';
import { createSubUser, purchase } from '#server/modules/proxy/proxy.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';

/**
 * `npm run proxy`'s entry as its own process, with the app on the embedded database: the gateway
 * reads the snapshot and writes usage through the app's control channel (bearer token).
 */
const TOKEN = 'proxy-control-token-for-tests-0123456789';
let t: TestApp;
let appUrl: string;
let target: http.Server;

beforeAll(async () => {
  t = await buildTestApp({ PROXY_CONTROL_TOKEN: TOKEN, RATE_LIMITS: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  target = http.createServer((_req, res) => res.end(Buffer.alloc(100_000, 65)));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
}, 60_000);

afterAll(async () => {
  target?.closeAllConnections();
  if (target) await new Promise((r) => target.close(r));
  await t?.close();
});

describe('the control channel', () => {
  it('refuses a request without the token', async () => {
    expect((await fetch(`${appUrl}/internal/proxy/snapshot`)).status).toBe(401);
    expect((await fetch(`${appUrl}/internal/proxy/snapshot`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('serves a gateway process started like npm run proxy, which meters through it', async () => {
    const ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer };
    const user = await buildUser(t, { balance: '5.00' });
    await purchase(ctx, user.id, { planType: 'datacenter', unit: 'gb', quantity: 1 });
    const sub = await createSubUser(ctx, user.id, {});
    // Ports 0: the gateway reports the ports it got in its "listening" log line.
    const gateway = spawn(process.execPath, ['--import', 'tsx', 'server/proxy-gateway/main.ts'], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', PROXY_CONTROL_TOKEN: TOKEN, PROXY_CONTROL_URL: appUrl, PROXY_BIND: '127.0.0.1', PROXY_HTTP_PORT: '0', PROXY_SOCKS_PORT: '0', PROXY_ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    gateway.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        gateway.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /"http":(\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        gateway.once('exit', (code) => reject(new Error(`gateway exited ${code}: ${stderr}`)));
      });
      const out = await new Promise<string>((resolve) =>
        execFile('curl', ['-sS', '-x', `http://${sub.subUser.login}-type-datacenter:${sub.password}@127.0.0.1:${port}`, '-o', '/dev/null', '-w', '%{size_download}', `http://127.0.0.1:${(target.address() as AddressInfo).port}/`], (_e, stdout) => resolve(stdout)),
      );
      expect(out).toBe('100000');
      await expect
        .poll(async () => {
          const [row] = await t.database.db.select().from(proxySubUsers).where(eq(proxySubUsers.id, sub.subUser.id));
          return row!.bytesDown;
        }, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(100_000);
    } finally {
      await new Promise<void>((resolve) => {
        gateway.once('exit', () => resolve());
        gateway.kill('SIGTERM');
      });
    }
  }, 60_000);
});
