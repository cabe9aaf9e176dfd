/**
 * Embedded → PostgreSQL: copies an installation's PGlite database (in DATA_DIR) into an empty
 * PostgreSQL database. The target gets the schema through the same committed migrations, then every
 * table's rows from one consistent snapshot of the source (foreign keys respected by copying parents
 * first, triggers held off so nothing is derived twice), then every sequence exactly where it was.
 * At the end the row counts and the ledger (sum per user, and each balance against it) are compared
 * between source and target; any difference fails the export.
 *
 * Used by `npm run db:export` (server/cli/db-export.ts).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

export class ExportRefusedError extends Error {}

export interface ExportOptions {
  /** The embedded installation's data directory (DATA_DIR). */
  dataDir: string;
  /** The target PostgreSQL connection string. */
  to: string;
  /** Drop whatever the target's public schema holds first (otherwise a non-empty target is refused). */
  replace?: boolean;
  /** Rows fetched from the source at a time (each INSERT also stays under 8 MB of JSON). */
  batchSize?: number;
  onProgress?: (line: string) => void;
}

export interface TableReport {
  table: string;
  source: number;
  target: number;
}

export interface ExportReport {
  tables: TableReport[];
  sequences: number;
  /** Users whose ledger sums were compared, and the total of all balances (micro-USD). */
  ledger: { users: number; balanceTotal: number; ledgerTotal: number };
  ms: number;
}

interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const ident = (name: string) => pg.escapeIdentifier(name);
const BATCH_BYTES = 8 * 1024 * 1024;

/** Base tables of the public schema, parents before children (foreign keys between tables). */
async function tablesInLoadOrder(db: Queryable): Promise<string[]> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const { rows: edges } = await db.query<{ child: string; parent: string }>(
    `select cc.relname as child, pc.relname as parent from pg_constraint k
       join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
       join pg_class pc on pc.oid = k.confrelid
     where k.contype = 'f' and cn.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: string) => {
    if (state.get(t) === 'done') return;
    if (state.get(t) === 'visiting') throw new Error(`foreign keys form a cycle through ${t}`);
    state.set(t, 'visiting');
    for (const p of parents.get(t) ?? []) visit(p);
    state.set(t, 'done');
    order.push(t);
  };
  for (const t of tables) visit(t.name);
  return order;
}

/** The columns a table's rows are ordered by (its primary key), so self-references load parents first. */
async function primaryKeyOf(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select a.attname as name from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary
     order by array_position(i.indkey, a.attnum)`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

/** Every sequence of the public schema with its state. */
async function sequencesOf(db: Queryable): Promise<{ name: string; last: string; called: boolean }[]> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  const out = [];
  for (const { name } of rows) {
    const { rows: state } = await db.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from public.${ident(name)}`);
    out.push({ name, last: state[0]!.last_value, called: state[0]!.is_called });
  }
  return out;
}

const LEDGER_SQL = `select u.id::text as id, u.balance::text as balance, coalesce(l.sum, 0)::text as ledger
  from users u left join (select user_id, sum(amount) as sum from ledger_entries group by user_id) l on l.user_id = u.id
  order by u.id`;

/** Copies the embedded database in `dataDir` into the PostgreSQL database `to`. */
export async function exportEmbeddedToPostgres(opts: ExportOptions): Promise<ExportReport> {
  const started = performance.now();
  const log = opts.onProgress ?? (() => {});
  const batchSize = opts.batchSize ?? 500;
  const dir = path.resolve(opts.dataDir, 'pglite');
  const release = lockDataDir(path.dirname(dir));
  const source = await PGlite.create(dir).catch((err: unknown) => {
    release();
    throw err;
  });
  const target = new pg.Client({ connectionString: opts.to });
  /** Whether this run created the target's schema (a failed run then leaves it empty again). */
  let created = false;
  try {
    await target.connect();
    // The source is brought to the current schema first, so both sides have the same tables.
    await migratePglite(drizzlePglite(source) as never, { migrationsFolder: MIGRATIONS_DIR });

    const { rows: existing } = await target.query<{ n: string }>(
      `select count(*)::text as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
    );
    if (Number(existing[0]!.n) > 0) {
      if (!opts.replace) {
        throw new ExportRefusedError('The target database is not empty. Point --to at an empty database, or pass --replace to drop its public and drizzle schemas first.');
      }
      log('dropping the target schemas (--replace)');
      await target.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public');
    }
    log('migrating the target');
    created = true;
    await migratePg(drizzlePg(target), { migrationsFolder: MIGRATIONS_DIR });

    // One snapshot of the source for everything read below.
    await source.query('begin isolation level repeatable read read only');
    const tables = await tablesInLoadOrder(source);
    const report: TableReport[] = [];

    await target.query('begin');
    // Reference rows the migrations insert themselves (payout methods, content domains, …) make
    // way for the source's own copies, which an operator may have edited since.
    if (tables.length) await target.query(`truncate table ${tables.map((t) => `public.${ident(t)}`).join(', ')}`);
    for (const table of tables) {
      // The copied rows are history: triggers (notifications, the statistics journal) must not
      // derive anything from them a second time. The table's owner may switch its own triggers off.
      await target.query(`alter table public.${ident(table)} disable trigger user`);
      const key = await primaryKeyOf(source, table);
      const order = key.length ? ` order by ${key.map(ident).join(', ')}` : '';
      const cursor = `c_${table}`;
      await source.query(`declare ${ident(cursor)} no scroll cursor for select row_to_json(t)::text as j from public.${ident(table)} t${order}`);
      let copied = 0;
      const insert = (rows: string[]) =>
        target.query(`insert into public.${ident(table)} overriding system value select * from json_populate_recordset(null::public.${ident(table)}, $1::json)`, [
          `[${rows.join(',')}]`,
        ]);
      for (;;) {
        const { rows } = await source.query<{ j: string }>(`fetch ${batchSize} from ${ident(cursor)}`);
        if (rows.length === 0) break;
        // Rows with images can be large: each INSERT carries at most BATCH_BYTES of JSON.
        let chunk: string[] = [];
        let bytes = 0;
        for (const { j } of rows) {
          if (chunk.length && bytes + j.length > BATCH_BYTES) {
            await insert(chunk);
            chunk = [];
            bytes = 0;
          }
          chunk.push(j);
          bytes += j.length;
        }
        if (chunk.length) await insert(chunk);
        copied += rows.length;
      }
      await source.query(`close ${ident(cursor)}`);
      await target.query(`alter table public.${ident(table)} enable trigger user`);
      const { rows: count } = await target.query<{ n: string }>(`select count(*)::text as n from public.${ident(table)}`);
      const { rows: sourceCount } = await source.query<{ n: string }>(`select count(*)::text as n from public.${ident(table)}`);
      report.push({ table, source: Number(sourceCount[0]!.n), target: Number(count[0]!.n) });
      log(`${table}: ${copied} rows`);
    }

    const sequences = await sequencesOf(source);
    for (const s of sequences) await target.query(`select setval($1::regclass, $2::bigint, $3)`, [`public.${ident(s.name)}`, s.last, s.called]);

    const mismatched = report.filter((r) => r.source !== r.target);
    if (mismatched.length) throw new Error(`row counts differ: ${mismatched.map((r) => `${r.table} ${r.source}→${r.target}`).join(', ')}`);

    const { rows: sourceLedger } = await source.query<{ id: string; balance: string; ledger: string }>(LEDGER_SQL);
    const { rows: targetLedger } = await target.query<{ id: string; balance: string; ledger: string }>(LEDGER_SQL);
    const same = (a: { id: string; balance: string; ledger: string }, b?: { id: string; balance: string; ledger: string }) =>
      b !== undefined && a.id === b.id && a.balance === b.balance && a.ledger === b.ledger;
    if (sourceLedger.length !== targetLedger.length || sourceLedger.some((row, i) => !same(row, targetLedger[i]))) {
      throw new Error('the ledger checksum (balance and ledger sum per user) differs between source and target');
    }
    const drifting = targetLedger.filter((r) => r.balance !== r.ledger);
    if (drifting.length) log(`note: ${drifting.length} user(s) already had a balance different from their ledger in the source (copied as they were)`);
    await target.query('commit');
    await source.query('commit');

    return {
      tables: report,
      sequences: sequences.length,
      ledger: {
        users: targetLedger.length,
        balanceTotal: targetLedger.reduce((s, r) => s + Number(r.balance), 0),
        ledgerTotal: targetLedger.reduce((s, r) => s + Number(r.ledger), 0),
      },
      ms: Math.round(performance.now() - started),
    };
  } catch (err) {
    await target.query('rollback').catch(() => {});
    if (created) await target.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public').catch(() => {});
    throw err;
  } finally {
    await target.end().catch(() => {});
    await source.close();
    release();
  }
}
