import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';

/**
 * An isolated, migrated database for one test file: a clone of the PGlite snapshot, or a
 * PostgreSQL database copied from the template when DATABASE_URL is set. Dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('postgresTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `captchahub_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), migrate: false, poolSize: 5 });
    return {
      ...database,
      close: async () => {
        await database.close();
        // pool.end() resolves before its sockets are gone; dropping with FORCE at once would kill
        // them mid-goodbye (57P01). Wait for the backends to leave, then drop.
        for (let i = 0; i < 50; i++) {
          const res = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (res.rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ pglite: client, migrate: false });
}
