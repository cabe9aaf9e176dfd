import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

type Line = { reqId?: string; taskId?: number; msg: string; level: number };

/**
 * Issue 22 §3: the logs follow a task by one request id, from the customer's in.php request to
 * the worker's answer on the realtime surface: the submitting request's id stays with the task.
 */
describe('request id through a task', () => {
  let t: TestApp;
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Line);
      done();
    },
  });
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMITS: 'false', LOG_LEVEL: 'info' }, { logger: { level: 'info', stream: sink } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('carries the submission request id on the queued, offered and answered lines of its task', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const customer = await buildUser(t, { balance: '5.00' });
    const worker = await buildUser(t, { userType: 'worker' });
    await markTrainingPassed({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer }, worker.id);

    const submit = await fetch(`http://127.0.0.1:${port}/in.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'trace-7f3a9c-in' },
      body: new URLSearchParams({ key: customer.apiKey!, method: 'base64', body: makePng().toString('base64'), json: '1' }),
    });
    expect(submit.headers.get('x-request-id')).toBe('trace-7f3a9c-in');
    const { status, request } = (await submit.json()) as { status: number; request: string };
    expect(status, request).toBe(1);
    const taskId = Number(request);

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: await sessionCookieFor(t, worker.id) } });
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify({ type: 'start' })));
      socket.on('message', (raw) => {
        const msg = JSON.parse(String(raw)) as { type: string; task?: { id: number } };
        if (msg.type === 'offer') socket.send(JSON.stringify({ type: 'answer', taskId: msg.task!.id, answer: { kind: 'text', text: 'w7x2' } }));
        if (msg.type === 'accepted') resolve();
        if (msg.type === 'error') reject(new Error(String(raw)));
      });
    });
    socket.close();

    const traced = lines.filter((l) => l.reqId === 'trace-7f3a9c-in');
    const aboutTask = traced.filter((l) => l.taskId === taskId).map((l) => l.msg);
    expect(aboutTask).toEqual(['task queued', 'task offered', 'task answered']);
    // The in.php request's own lines (Fastify's request log) share the id too.
    expect(traced.some((l) => l.msg === 'request completed')).toBe(true);
  });
});
