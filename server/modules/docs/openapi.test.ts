/**
 * The OpenAPI description is valid (swagger-parser), a generator consumes it (openapi-typescript
 * emits the client's types from it), and a client built on it (openapi-fetch) sends a captcha
 * with createTask and gets the worker's answer with getTaskResult from a started server.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import { answerTask, claimTask } from '#server/modules/tasks/tasks.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

let t: TestApp;
let doc: Record<string, unknown>;
let apiKey: string;
let workerId: number;
let baseUrl: string;
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  apiKey = (await buildUser(t, { userType: 'customer', balance: '10.00' })).apiKey;
  const worker = await buildUser(t, { userType: 'worker' });
  workerId = worker.id;
  await markTrainingPassed(ctx(), worker.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/api-docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
}, 60_000);
afterAll(() => t.close());

describe('OpenAPI 3.1 description', () => {
  it('validates, with a task schema for every registry type', async () => {
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(doc.openapi).toBe('3.1.0');
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    for (const def of CAPTCHA_TYPES) {
      expect(schemas[`Task_${def.slug}`], def.slug).toBeDefined();
      expect(schemas[`InPhp_${def.slug}`], def.slug).toBeDefined();
    }
  });

  it('a generator turns it into client types', async () => {
    const types = astToString(await openapiTS(structuredClone(doc) as never));
    expect(types).toContain('"/createTask"');
    expect(types).toContain('Task_recaptcha_v2');
  });

  it('a client built on it solves an image captcha through createTask and getTaskResult', async () => {
    type Paths = Record<'/createTask' | '/getTaskResult', { post: { requestBody: { content: { 'application/json': Record<string, unknown> } }; responses: { 200: { content: { 'application/json': Record<string, unknown> } } } } }>;
    const client = createClient<Paths>({ baseUrl });
    const created = await client.POST('/createTask', { body: { clientKey: apiKey, task: { type: 'ImageToTextTask', body: makePng().toString('base64') } } });
    expect(created.data).toMatchObject({ errorId: 0, taskId: expect.any(Number) });
    const task = await claimTask(ctx(), { id: workerId, languages: ['en'] });
    await answerTask(ctx(), workerId, task!.id, { kind: 'text', text: 'w9h5k' });
    let result: Record<string, unknown> | undefined;
    for (let i = 0; i < 50 && result?.status !== 'ready'; i++) {
      result = (await client.POST('/getTaskResult', { body: { clientKey: apiKey, taskId: created.data!.taskId } })).data;
      if (result?.status !== 'ready') await new Promise((r) => setTimeout(r, 100));
    }
    expect(result).toMatchObject({ errorId: 0, status: 'ready', solution: { text: 'w9h5k' } });
  });
});
