import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { APP_ROOT } from '#server/lib/root.ts';

/** One template per run: concurrent runs on the same server (several checkouts) never drop each other's. */
const TEMPLATE_DB = `captchahub_test_template_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per run: a PGlite snapshot file (cloned per test file in milliseconds)
 * or, with DATABASE_URL, a PostgreSQL template database (copied per test file).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const db = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 });
    await db.close();
    project.provide('postgresTemplate', TEMPLATE_DB);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`).finally(() => drop.end());
    };
  }
  const client = new PGlite();
  const db = await openDatabase({ pglite: client });
  const dump = await client.dumpDataDir('none');
  await db.close();
  const dir = path.join(APP_ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
}
