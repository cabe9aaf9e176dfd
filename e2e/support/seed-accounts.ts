/**
 * Run by accounts.ts (node --import tsx) with the e2e server's DATA_DIR / DATABASE_URL, before the
 * server starts: creates SEEDED_ACCOUNTS the way `npm run user:create` does, in one process (one
 * database open instead of one per account), and prints {"name":{"id","apiKey"},…} as one line.
 */
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { createMailer } from '#server/modules/mail/mail.service.ts';
import { getOrCreateSecret } from '#server/modules/settings/secrets.repo.ts';
import { upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { createConfirmedUser, setPermission } from '#server/modules/users/users.service.ts';
import { setWorkerTrusted } from '#server/modules/workers/moderation.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { seedPausedWorker } from '#server/test/seed-moderation.ts';
import { E2E_TRAINING_SECRET, SEEDED_ACCOUNTS } from './accounts.ts';
import { seedCustomerTasks } from './seed-customer.ts';
import { seedLogsCustomer } from './seed-logs.ts';
import { seedPayouts } from './seed-payouts.ts';
import { seedStatisticsHistory } from './seed-statistics.ts';
import { seedSoftware } from './seed-software.ts';
import { seedDemo } from './seed-demo.ts';
import { seedExtension } from './seed-extension.ts';
import { seedLabelling } from './seed-labelling.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const ctx = { db: database.db, log: pino({ level: 'silent' }), config, mailer: createMailer({ dataDir: config.DATA_DIR, from: 'e2e' }) };
  // Training pictures are drawn from this secret and their tokens; specs that pass the exam draw them too.
  await getOrCreateSecret(ctx.db, 'training', () => E2E_TRAINING_SECRET);
  const created: Record<string, { id: number; apiKey: string }> = {};
  for (const [name, a] of Object.entries(SEEDED_ACCOUNTS)) {
    const user = await createConfirmedUser(ctx, { email: a.email, password: a.password, userType: a.type, balance: a.balance === '0' ? undefined : a.balance });
    if ('trained' in a && a.trained) await markTrainingPassed(ctx, user.id);
    if ('trusted' in a && a.trusted) await setWorkerTrusted(ctx, user.id, true);
    if ('moderator' in a && a.moderator) await setPermission(ctx, user.id, 'moderator', true, user.id);
    if ('admin' in a && a.admin) await setPermission(ctx, user.id, 'admin', true, user.id);
    if ('sandbox' in a && a.sandbox) await upsertApiSettings(ctx.db, user.id, { sandbox: true });
    created[name] = user;
  }
  // Public statistics pages draw from this history (e2e/statistics).
  await seedStatisticsHistory(ctx);
  // The dashboard spec's customer starts with finished captchas (e2e/customer/dashboard.spec.ts).
  await seedCustomerTasks(ctx, created.dashboardCustomer!.id);
  // The moderator spec's review queue (e2e/moderation/moderator.spec.ts).
  await seedPausedWorker(database.db, { workerId: created.pausedWorker!.id, customerId: created.pausedWorkerCustomer!.id });
  // The logs spec's customer history and the language-isolated workers (e2e/customer/logs.spec.ts, testcaptcha.spec.ts).
  await seedLogsCustomer(ctx, { customer: created.logsCustomer!.id, worker: created.logsWorker!.id, judge: created.logsJudge!.id, testWorker: created.testWorker!.id });
  // The payouts specs' workers and earnings (e2e/payouts).
  await seedPayouts(ctx, { payoutWorker: created.payoutWorker!.id, partnerJudge: created.partnerJudge!.id });
  // The software catalogue spec's worker reads only its tasks (e2e/software).
  await seedSoftware(ctx, { worker: created.softwareWorker!.id });
  // The demo spec's known captcha secret and its language-isolated customer and worker (e2e/demo).
  await seedDemo(ctx, { customer: created.demoCustomer!.id, worker: created.demoWorker!.id });
  // The extension spec's language-isolated customer and worker (e2e/extension).
  await seedExtension(ctx, { customer: created.extensionCustomer!.id, worker: created.extensionWorker!.id });
  // The labelling journey's language-isolated customer and annotators (e2e/labelling/journey.spec.ts).
  await seedLabelling(ctx, { customer: created.labelJourneyCustomer!.id, annotators: [created.labelAnnotatorA!.id, created.labelAnnotatorB!.id, created.labelReviewer!.id] });
  process.stdout.write(JSON.stringify(created) + '\n');
} finally {
  await database.close();
}
