import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The whole app on an isolated database, for `app.inject()` tests. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...env });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A visitor's CSRF cookie and matching header, as the web app sends them. */
export async function csrfFor(app: FastifyInstance): Promise<{ cookie: string; header: string }> {
  const res = await app.inject({ method: 'GET', url: '/about' });
  const token = res.cookies.find((c) => c.name === 'csrf_token')!.value;
  return { cookie: `csrf_token=${token}`, header: token };
}
