/**
 * Run by accounts.ts (node --import tsx) with the e2e server's DATA_DIR / DATABASE_URL, before the
 * server starts: creates SEEDED_ACCOUNTS the way `npm run user:create` does, in one process (one
 * database open instead of one per account), and prints {"name":{"id","apiKey"},…} as one line.
 */
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { createMailer } from '#server/modules/mail/mail.service.ts';
import { createConfirmedUser } from '#server/modules/users/users.service.ts';
import { SEEDED_ACCOUNTS } from './accounts.ts';
import { seedStatisticsHistory } from './seed-statistics.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const ctx = { db: database.db, log: pino({ level: 'silent' }), config, mailer: createMailer({ dataDir: config.DATA_DIR, from: 'e2e' }) };
  const created: Record<string, { id: number; apiKey: string }> = {};
  for (const [name, a] of Object.entries(SEEDED_ACCOUNTS)) {
    created[name] = await createConfirmedUser(ctx, { email: a.email, password: a.password, userType: a.type, balance: a.balance === '0' ? undefined : a.balance });
  }
  // Public statistics pages draw from this history (e2e/statistics).
  await seedStatisticsHistory(ctx);
  process.stdout.write(JSON.stringify(created) + '\n');
} finally {
  await database.close();
}
