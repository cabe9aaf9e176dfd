/**
 * npm run db:export -- --to postgres://user@host/db [--data-dir ./data] [--replace]
 *
 * Copies the embedded installation (PGlite in DATA_DIR) into an empty PostgreSQL database:
 * schema through the migrations, every table's rows from one snapshot, sequences, then verifies
 * row counts and the ledger (balance and ledger sum per user) and prints them. Stop the app first:
 * the data directory is locked while it runs. Afterwards start the app with DATABASE_URL set to
 * the target. Exit codes: 0 copied and verified, 1 failed (the target is left empty), 2 usage.
 */
import { parseArgs } from 'node:util';

/** The command's report goes to stdout (it is the CLI's output, not a log). */
const say = (line: string) => void process.stdout.write(line + '\n');
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { exportEmbeddedToPostgres, ExportRefusedError } from '#server/db/export.ts';

const usage = 'usage: npm run db:export -- --to postgres://user@host:5432/database [--data-dir ./data] [--replace]';

async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, 'data-dir': { type: 'string' }, replace: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help || !values.to) {
    console.error(usage);
    process.exit(2);
  }
  let url: URL;
  try {
    url = new URL(values.to);
  } catch {
    console.error(`--to is not a connection URL. ${usage}`);
    process.exit(2);
  }
  if (!/^postgres(ql)?:$/.test(url.protocol)) {
    console.error(`--to must be a postgres:// URL. ${usage}`);
    process.exit(2);
  }
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  say(`Exporting ${dataDir} → ${shown.toString()}`);
  try {
    const report = await exportEmbeddedToPostgres({ dataDir, to: values.to, replace: values.replace ?? false, onProgress: (line) => say(`  ${line}`) });
    console.table(report.tables.map((t) => ({ table: t.table, source: t.source, target: t.target })));
    const usd = (micro: number) => (micro / 1_000_000).toFixed(6);
    say(
      `Verified: ${report.tables.length} tables with equal row counts, ${report.sequences} sequences set, ` +
        `ledger of ${report.ledger.users} users equal in both (balances $${usd(report.ledger.balanceTotal)}, ledger $${usd(report.ledger.ledgerTotal)}), in ${report.ms} ms.`,
    );
    say(`Next: start the app with DATABASE_URL=${shown.toString()}`);
  } catch (err) {
    if (err instanceof ExportRefusedError || err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`Export failed, nothing kept in the target: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

await main();
