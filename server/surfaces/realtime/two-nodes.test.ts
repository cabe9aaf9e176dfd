import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

/**
 * Two nodes on one PostgreSQL: node A takes the submission, node B holds the worker's socket.
 * The NOTIFY from A's transaction reaches B's LISTEN connection, and B offers the task.
 * (PGlite is one process's embedded database, so this runs on PostgreSQL only.)
 */
describe.skipIf(!process.env.DATABASE_URL)('two nodes sharing one PostgreSQL', () => {
  let a: TestApp;
  let nodeB: Awaited<ReturnType<typeof buildApp>>;
  let closeB: () => Promise<void>;

  beforeAll(async () => {
    a = await buildTestApp({ RATE_LIMITS: 'false' });
    // Node B: the same database (its own pool and LISTEN connection), its own HTTP server.
    const url = a.database.url!;
    const dbB = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 3 });
    nodeB = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: a.config.DATA_DIR, RATE_LIMITS: 'false' }), database: dbB, logger: false });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    closeB = async () => {
      await nodeB.close();
      await dbB.close();
    };
  });
  afterAll(async () => {
    await closeB?.();
    await a?.close();
  });

  it('offers a task submitted through node A to a worker connected to node B', async () => {
    const worker = await buildUser(a, { userType: 'worker' });
    await markTrainingPassed({ db: a.database.db, log: a.app.log, config: a.config, mailer: a.app.mailer }, worker.id);
    const customer = await buildUser(a, { balance: '1.00' });
    // Sessions live in the shared database, so B accepts a cookie made for it.
    const cookie = await (async () => {
      const raw = await sessionCookieFor(a, worker.id);
      const token = a.app.unsignCookie(raw.slice(4)).value!;
      return `sid=${nodeB.signCookie(token)}`;
    })();
    const port = (nodeB.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie } });
    const messages: { type: string; task?: { id: number } }[] = [];
    const waitFor = (type: string) =>
      new Promise<{ type: string; task?: { id: number } }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} in ${JSON.stringify(messages)}`)), 10_000);
        const check = () => {
          const found = messages.find((m) => m.type === type);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else setTimeout(check, 20);
        };
        check();
      });
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((r) => socket.on('open', r));
    socket.send(JSON.stringify({ type: 'start' }));
    await waitFor('waiting');

    const res = await a.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: makePng().toString('base64') } });
    const id = Number(res.body.slice(3));
    const offer = await waitFor('offer');
    expect(offer.task!.id).toBe(id);
    socket.close();
  });
});
