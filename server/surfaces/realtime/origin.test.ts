/** Issue 21, finding 5: /ws refuses foreign origins (cross-site WebSocket hijacking). */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ RU_URL: 'http://ru.localhost:3000', ZH_URL: 'https://zh.example.com' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** The handshake's outcome: 101 when upgraded, else the HTTP status it was refused with. */
function handshake(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    socket.on('error', (err) => reject(err));
  });
}

describe('/ws Origin', () => {
  it('refuses a page on another site, even with a valid session cookie', async () => {
    const user = await buildUser(t, { userType: 'worker' });
    const cookie = await sessionCookieFor(t, user.id);
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'https://localhost:3000', 'null', 'http://ru.localhost:3000.evil.example', 'garbage']) {
      expect(await handshake({ cookie, origin }), origin).toBe(403);
    }
  });

  it('accepts our own sites and clients that send no Origin', async () => {
    const user = await buildUser(t, { userType: 'worker' });
    const cookie = await sessionCookieFor(t, user.id);
    for (const origin of ['http://localhost:3000', 'http://ru.localhost:3000', 'https://zh.example.com']) {
      expect(await handshake({ cookie, origin }), origin).toBe(101);
    }
    expect(await handshake({ cookie })).toBe(101);
  });
});
