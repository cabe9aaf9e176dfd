// `npm run proxy`: the proxy gateway as its own process (issue 17). It opens the database like the
// app does; with embedded PGlite only one process may hold the data directory, so there run the
// gateway inside the app instead (PROXY_GATEWAY=true with `npm start`).
import { existsSync } from 'node:fs';
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { createMailer } from '#server/modules/mail/mail.service.ts';
import { proxyConfigOf } from '#server/modules/proxy/proxy.service.ts';
import { dbControl } from './control.ts';
import { startGateway } from './gateway.ts';

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, name: 'proxy-gateway' });
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 4 });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\nWith the embedded database, run the gateway inside the app: PROXY_GATEWAY=true npm start.\n`);
      process.exit(1);
    }
    throw err;
  }
  const ctx = { db: database.db, log, config, mailer: createMailer({ dataDir: config.DATA_DIR, from: 'proxy-gateway' }) };
  if (config.PROXY_ALLOW_PRIVATE_TARGETS) log.warn({}, 'PROXY_ALLOW_PRIVATE_TARGETS is on: clients can reach loopback and private networks');
  const gateway = await startGateway({
    control: dbControl(ctx),
    proxyConfig: proxyConfigOf(ctx),
    host: config.PROXY_BIND,
    httpPort: config.PROXY_HTTP_PORT,
    socksPort: config.PROXY_SOCKS_PORT,
    allowPrivateTargets: config.PROXY_ALLOW_PRIVATE_TARGETS,
    log,
  });
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    gateway
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'gateway shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
