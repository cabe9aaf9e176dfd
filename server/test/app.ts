import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
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
export async function buildTestApp(env: Record<string, string> = {}, opts: { logger?: FastifyServerOptions['logger'] } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'captchahub-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, database, logger: opts.logger ?? false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A visitor's CSRF cookie and matching header, as the web app sends them: the token a page sets
 * for a browser with this session cookie (optional; tokens are bound to the session).
 */
export async function csrfFor(app: FastifyInstance, session?: string): Promise<{ cookie: string; header: string }> {
  const res = await app.inject({ method: 'GET', url: '/about', headers: session ? { cookie: session } : {} });
  const token = res.cookies.find((c) => c.name === 'csrf_token')!.value;
  return { cookie: `csrf_token=${token}`, header: token };
}

/** The links in the newest outbox mail to `to`. */
export function linksInMail(t: TestApp, to: string): string[] {
  const mail = t.app.mailer.outbox().find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
}

/**
 * Waits for the app to hear what was just committed. Its caches (API keys, task results) learn of
 * database changes through LISTEN a moment after the commit; a client polling seconds apart never
 * notices, a test acting in the same millisecond would.
 */
export function heard(ms = 100): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
