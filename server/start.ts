import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { startJobs } from './jobs.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/client.ts';
import { importSeedContent } from './modules/content/seed.ts';
import { proxyConfigOf } from './modules/proxy/proxy.service.ts';
import { dbControl } from './proxy-gateway/control.ts';
import { startGateway } from './proxy-gateway/gateway.ts';

/**
 * Process entry: config, database (migrated), app, listen. On SIGTERM/SIGINT, within
 * SHUTDOWN_GRACE_SECONDS: workers on /ws answer or hand back their tasks and are told to
 * reconnect, the server stops accepting, in-flight requests finish, the jobs' runs and the due
 * pingbacks complete, then the database closes and the process exits.
 */
async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config, database });
  // The starter articles (issue 15), imported idempotently; a broken seed file never stops the service.
  await importSeedContent({ db: database.db, log: app.log, config, mailer: app.mailer }).catch((err: unknown) => app.log.error({ err }, 'starter articles not imported'));
  const stopJobs = startJobs(app);
  app.addHook('onClose', async () => stopJobs());

  let closing = false;
  let stopGateway: (() => Promise<void>) | null = null;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The bound: workers drained within half of it (realtime preClose), then in-flight requests,
    // the jobs' runs in progress and the pingbacks due; whatever is left then is cut off.
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    // The database closes after the app: close hooks (e.g. UNLISTEN) still need it.
    Promise.resolve(stopGateway?.()).then(() => app.close()).then(
      () => database.close(),
    ).then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.PROXY_GATEWAY) {
    // The proxy gateway in this process (issue 17; `npm run proxy` runs it alone).
    const ctx = { db: database.db, log: app.log, config, mailer: app.mailer };
    const gateway = await startGateway({
      control: dbControl(ctx),
      proxyConfig: proxyConfigOf(ctx),
      host: config.PROXY_BIND,
      httpPort: config.PROXY_HTTP_PORT,
      socksPort: config.PROXY_SOCKS_PORT,
      allowPrivateTargets: config.PROXY_ALLOW_PRIVATE_TARGETS,
      log: app.log,
    });
    stopGateway = () => gateway.close();
  }
  app.log.info(`${config.BRAND_NAME} on ${config.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
