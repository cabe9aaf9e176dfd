/**
 * Read access to the e2e server's PostgreSQL database (see serve.ts). Null when the run uses
 * embedded PGlite, which only the server process can open.
 */
import pg from 'pg';
import { e2eDatabaseUrl } from './env.ts';

export const hasDatabase = e2eDatabaseUrl() !== null;

export async function queryE2eDatabase<Row extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<Row[] | null> {
  const url = e2eDatabaseUrl();
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
