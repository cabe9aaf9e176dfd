// `npm run proxy`: the proxy gateway as its own process (issue 17). On PostgreSQL it opens the
// database itself; with the app on the embedded database (one process's) it talks to the app's
// control channel instead (PROXY_CONTROL_TOKEN, PROXY_CONTROL_URL). PROXY_GATEWAY=true runs it
// inside the app instead.
import { existsSync } from 'node:fs';
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { createMailer } from '#server/modules/mail/mail.service.ts';
import { loadProxyConfig } from '#server/modules/proxy/proxy-config.ts';
import { dbControl, httpControl } from './control.ts';
import type { GatewayControl } from './meter.ts';
import { startGateway } from './gateway.ts';

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, name: 'proxy-gateway' });
  let database: Database | null = null;
  let control: GatewayControl;
  if (config.DATABASE_URL) {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 4 });
    control = dbControl({ db: database.db, log, config, mailer: createMailer({ dataDir: config.DATA_DIR, from: 'proxy-gateway' }) });
  } else if (config.PROXY_CONTROL_TOKEN) {
    const url = config.PROXY_CONTROL_URL ?? `http://127.0.0.1:${config.PORT}`;
    control = httpControl(url, config.PROXY_CONTROL_TOKEN);
    log.info({ url }, 'proxy gateway uses the app control channel');
  } else {
    process.stderr.write(
      'The proxy gateway needs DATABASE_URL (PostgreSQL), or PROXY_CONTROL_TOKEN set for both the app and the gateway ' +
        '(the app on the embedded database then serves the gateway at PROXY_CONTROL_URL), or PROXY_GATEWAY=true to run inside the app.\n',
    );
    process.exit(1);
  }
  if (config.PROXY_ALLOW_PRIVATE_TARGETS) log.warn({}, 'PROXY_ALLOW_PRIVATE_TARGETS is on: clients can reach loopback and private networks');
  const gateway = await startGateway({
    control,
    proxyConfig: loadProxyConfig(config.PROXY_CONFIG),
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
      .then(() => database?.close())
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
