import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { adjustBalance } from '#server/modules/users/users.service.ts';
import { answerTask, claimTask, sweepTasks } from '#server/modules/tasks/tasks.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { csrfFor, heard, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { exportEmbeddedToPostgres, ExportRefusedError } from './export.ts';

/**
 * An embedded installation (PGlite in a data directory, filled through the app: users, tasks in
 * every state, ledger entries, settings) moved to a fresh PostgreSQL database with the export, then
 * served from PostgreSQL: every user signs in, every task answers res.php as before, every balance
 * equals its ledger, and new ids continue where the old ones stopped.
 */
describe.skipIf(!process.env.DATABASE_URL)('db:export, embedded → PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'captchahub-export-'));
  const targetName = `captchahub_export_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const targetUrl = (() => {
    const u = new URL(process.env.DATABASE_URL ?? 'postgres://localhost/x');
    u.pathname = `/${targetName}`;
    return u.toString();
  })();
  const png = makePng().toString('base64');
  const users: { email: string; password: string; id: number; apiKey: string }[] = [];
  const taskIds: number[] = [];
  /** What res.php answered for each task on the embedded database, before the move. */
  const before = new Map<number, string>();
  let customerKey = '';

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${targetName}`);

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir, RATE_LIMITS: 'false', DATABASE_URL: '' });
    const database = await openDatabase({ dataDir });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const t: TestApp = { app, database, config, close: async () => {} };
    const ctx = { db: database.db, log: app.log, config, mailer: app.mailer };
    try {
      const customer = await buildUser(t, { balance: '2.00' });
      const worker = await buildUser(t, { userType: 'worker' });
      const staff = await buildUser(t, { admin: true, moderator: true });
      await markTrainingPassed(ctx, worker.id);
      users.push(customer, worker, staff);
      customerKey = customer.apiKey;
      await adjustBalance(ctx, customer.id, { amount: '0.25', reason: 'goodwill credit before the move' }, staff.id);

      const submit = async (extra: Record<string, string> = {}) => {
        const res = await app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png, ...extra } });
        expect(res.body).toMatch(/^OK\|\d+$/);
        const id = Number(res.body.slice(3));
        taskIds.push(id);
        return id;
      };
      // Solved, solved then reported (refunded once the re-solve disagrees or stays queued), unsolvable, assigned, queued.
      const solved = await submit();
      const reported = await submit();
      const lapsed = await submit();
      const assigned = await submit();
      await submit({ textinstructions: 'queued when the move happens' });
      const take = async (want: number) => {
        let task = await claimTask(ctx, { id: worker.id, languages: ['en'] });
        while (task && task.id !== want) task = await claimTask(ctx, { id: worker.id, languages: ['en'] });
        expect(task?.id).toBe(want);
      };
      await take(solved);
      await answerTask(ctx, worker.id, solved, { kind: 'text', text: 'w9h5k' });
      await take(reported);
      await answerTask(ctx, worker.id, reported, { kind: 'text', text: 'zz' });
      await heard();
      expect((await app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=reportbad&id=${reported}` })).body).toBe('OK_REPORT_RECORDED');
      await database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id = ${lapsed}`);
      await sweepTasks(ctx);
      await take(assigned);
      await heard();
      for (const id of taskIds) before.set(id, (await app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=get&id=${id}` })).body);
      expect(new Set(before.values())).toEqual(new Set(['OK|w9h5k', 'OK|zz', 'ERROR_CAPTCHA_UNSOLVABLE', 'CAPCHA_NOT_READY']));
    } finally {
      await app.close();
      await database.close();
    }
  });

  afterAll(async () => {
    await admin.query(`drop database if exists ${targetName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every table, verifies counts and the ledger, and serves the same installation from PostgreSQL', async () => {
    const report = await exportEmbeddedToPostgres({ dataDir, to: targetUrl });
    const byTable = new Map(report.tables.map((r) => [r.table, r]));
    for (const table of ['users', 'tasks', 'ledger_entries', 'task_attempts']) {
      expect(byTable.get(table)!.source).toBeGreaterThan(0);
      expect(byTable.get(table)!.target).toBe(byTable.get(table)!.source);
    }
    expect(report.ledger.users).toBe(users.length);
    expect(report.ledger.balanceTotal).toBe(report.ledger.ledgerTotal);

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir, RATE_LIMITS: 'false', DATABASE_URL: targetUrl });
    const database = await openDatabase({ databaseUrl: targetUrl, poolSize: 3 });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      // Every user signs in with the password they had.
      const csrf = await csrfFor(app);
      for (const u of users) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v2/auth/login',
          headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.header },
          payload: { email: u.email, password: u.password },
        });
        expect(res.statusCode, `${u.email}: ${res.body}`).toBe(200);
      }
      // Every task answers as it did on the embedded database.
      for (const id of taskIds) {
        expect((await app.inject({ method: 'GET', url: `/res.php?key=${customerKey}&action=get&id=${id}` })).body).toBe(before.get(id));
      }
      // Every balance equals its ledger.
      const { rows } = await database.db.execute(
        sql`select u.id, u.balance::bigint as balance, coalesce((select sum(amount) from ledger_entries l where l.user_id = u.id), 0)::bigint as ledger from users u`,
      );
      expect(rows.length).toBe(users.length);
      for (const row of rows as { balance: number; ledger: number }[]) expect(Number(row.balance)).toBe(Number(row.ledger));
      // Identities continue after the copied rows: a new task gets the next id, not a duplicate.
      const next = await app.inject({ method: 'POST', url: '/in.php', payload: { key: customerKey, method: 'base64', body: png } });
      expect(next.body).toMatch(/^OK\|\d+$/);
      expect(Number(next.body.slice(3))).toBeGreaterThan(Math.max(...taskIds));
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    await expect(exportEmbeddedToPostgres({ dataDir, to: targetUrl })).rejects.toBeInstanceOf(ExportRefusedError);
    const check = new pg.Client({ connectionString: targetUrl });
    await check.connect();
    const { rows } = await check.query<{ n: number }>('select count(*)::int as n from users');
    await check.end();
    expect(rows[0]!.n).toBe(users.length);
  });
});
