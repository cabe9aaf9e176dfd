/**
 * Seeds the users of the kill -9 test in one process: one customer with a balance and N trained
 * workers. It does what `npm run user:create` does (createConfirmedUser + markTrainingPassed), but
 * in one go: 51 CLI runs would each pay for tsx, opening the database and checking migrations.
 * On PGlite it must run while the server is stopped (the data directory is locked by pid).
 *
 *   DATA_DIR=… [DATABASE_URL=…] SEED_PREFIX=kill9 SEED_WORKERS=50 SEED_PASSWORD=… SEED_BALANCE=10.00 \
 *     node --import tsx e2e/reliability/support/seed-users.ts
 * prints one line of JSON: {"customer":{"id","apiKey","email"},"workers":[{"id","email"}…]}.
 */
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { createMailer } from '#server/modules/mail/mail.service.ts';
import { createConfirmedUser } from '#server/modules/users/users.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';

async function main() {
  const prefix = process.env.SEED_PREFIX ?? 'kill9';
  const workers = Number(process.env.SEED_WORKERS ?? 50);
  const password = process.env.SEED_PASSWORD ?? 'kill9 password 12345';
  const balance = process.env.SEED_BALANCE ?? '10.00';
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const ctx = { db: database.db, log: pino({ level: 'silent' }), config, mailer: createMailer({ dataDir: config.DATA_DIR, from: 'seed' }) };
    const customerEmail = `${prefix}-customer@example.test`;
    const customer = await createConfirmedUser(ctx, { email: customerEmail, password, userType: 'customer', balance });
    // A few at a time: the password hashing (argon2, off the main thread) is most of the cost.
    const created: { id: number; email: string }[] = new Array(workers);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(8, workers) }, async () => {
        while (next < workers) {
          const i = next++;
          const email = `${prefix}-worker-${i}@example.test`;
          const w = await createConfirmedUser(ctx, { email, password, userType: 'worker' });
          await markTrainingPassed(ctx, w.id);
          created[i] = { id: w.id, email };
        }
      }),
    );
    process.stdout.write(JSON.stringify({ customer: { ...customer, email: customerEmail }, workers: created }) + '\n');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
