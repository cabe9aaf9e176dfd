/**
 * npm run user:create -- --email E --password P [--type customer|worker|developer] [--admin]
 *   [--moderator] [--balance AMOUNT] [--trained] [--trusted]
 * (--trained marks a worker's training as passed, for staff-vetted workers and test fixtures;
 * --trusted makes a worker a trusted re-solver of reported images, as a moderator's "trust" does.)
 * Creates a confirmed user and prints one line of JSON: {"id":…,"apiKey":"…"}.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { EmailSchema, PasswordSchema } from '#shared/contracts/auth.ts';
import { USER_TYPES } from '#shared/contracts/user.ts';
import { MoneySchema } from '#shared/contracts/admin.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { createMailer } from '#server/modules/mail/mail.service.ts';
import { createConfirmedUser } from '#server/modules/users/users.service.ts';
import { setWorkerTrusted } from '#server/modules/workers/moderation.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { z } from 'zod';

const Args = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  type: z.enum(USER_TYPES).optional(),
  admin: z.boolean().default(false),
  moderator: z.boolean().default(false),
  balance: MoneySchema.optional(),
  trained: z.boolean().default(false),
  trusted: z.boolean().default(false),
});

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      type: { type: 'string' },
      admin: { type: 'boolean' },
      moderator: { type: 'boolean' },
      balance: { type: 'string' },
      trained: { type: 'boolean' },
      trusted: { type: 'boolean' },
    },
  });
  const parsed = Args.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const ctx = { db: database.db, log: pino({ level: 'silent' }), config, mailer: createMailer({ dataDir: config.DATA_DIR, from: 'cli' }) };
    const a = parsed.data;
    const created = await createConfirmedUser(ctx, { email: a.email, password: a.password, userType: a.type, admin: a.admin, moderator: a.moderator, balance: a.balance });
    if (a.trained) await markTrainingPassed(ctx, created.id);
    if (a.trusted) await setWorkerTrusted(ctx, created.id, true);
    process.stdout.write(JSON.stringify(created) + '\n');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
