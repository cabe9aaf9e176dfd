/**
 * Playwright's webServer: starts the built server (dist/server/main.js) for one e2e run.
 * - a fresh DATA_DIR under the OS temp dir (removed when the server exits);
 * - with DATABASE_URL set, a freshly created PostgreSQL database (E2E_DATABASE_NAME) instead of
 *   PGlite, so the specs can read the rows the app stored;
 * - PUBLIC_URL on localhost and RU_URL on 127.0.0.1: the same server is both hosts.
 * SIGTERM/SIGINT are passed on; the server shuts down gracefully.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { E2E_DATABASE_NAME, E2E_PORT, E2E_PROXY_HTTP_PORT, INTL_ORIGIN, RU_ORIGIN, e2eDatabaseUrl } from './env.ts';
import { removeAccountsFile, seedAccounts } from './accounts.ts';
import { publishDataDir, unpublishDataDir } from './outbox.ts';

const SERVER_ENTRY = path.resolve('dist/server/main.js');

async function recreateDatabase(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${E2E_DATABASE_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${E2E_DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (npm run test:e2e does).`);
  }
  const databaseUrl = e2eDatabaseUrl();
  if (databaseUrl) await recreateDatabase(process.env.DATABASE_URL!);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'captchahub-e2e-'));
  publishDataDir(dataDir); // the specs read the mail outbox there (outbox.ts)
  process.stderr.write(`[e2e] server on ${INTL_ORIGIN} (ru host ${RU_ORIGIN}), database: ${databaseUrl ? E2E_DATABASE_NAME : `PGlite in ${dataDir}`}\n`);

  // Accounts the specs sign in with (accounts.ts), created before the server holds the database.
  seedAccounts({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' });

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PUBLIC_URL: INTL_ORIGIN,
      RU_URL: RU_ORIGIN,
      ZH_URL: '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Journeys check behaviour, not capacity: a busy test machine must not shed their pages.
      SHED_LAG_MS: '0',
      // The sandbox payment provider on both databases (its default is off on PostgreSQL).
      PAYMENTS_SANDBOX: 'true',
      // A changed payout wallet is held 4 s instead of 48 h, so e2e/payouts can wait it out.
      PAYOUT_WALLET_HOLD_SECONDS: '4',
      // Crypto invoices on the offline chain simulator (e2e/payments/crypto.spec.ts): the published
      // BIP84 test zpub and the test mnemonic's BCH and TRON account xpubs; fixed rates.
      CRYPTO_CHAIN: 'simulator',
      CRYPTO_BTC_XPUB: 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
      CRYPTO_BCH_XPUB: 'xpub6ByHsPNSQXTWZ7PLESMY2FufyYWtLXagSUpMQq7Un96SiThZH2iJB1X7pwviH1WtKVeDP6K8d6xxFzzoaFzF3s8BKCZx8oEDdDkNnp4owAZ',
      CRYPTO_USDT_XPUB: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
      CRYPTO_RATES: 'BTC=50000,BCH=400',
      CRYPTO_BTC_CONFIRMATIONS: '2',
      CRYPTO_POLL_SECONDS: '1',
      // The proxy gateway in the server's process (e2e/proxy): loopback ports derived from E2E_PORT
      // (env.ts), targets on loopback allowed (the spec's target server).
      PROXY_GATEWAY: 'true',
      PROXY_BIND: '127.0.0.1',
      PROXY_HOST: '127.0.0.1',
      PROXY_HTTP_PORT: String(E2E_PROXY_HTTP_PORT),
      PROXY_SOCKS_PORT: String(E2E_PROXY_HTTP_PORT + 1),
      PROXY_ALLOW_PRIVATE_TARGETS: 'true',
    },
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => {
    rmSync(dataDir, { recursive: true, force: true });
    removeAccountsFile();
    unpublishDataDir();
    process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1));
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`[e2e] could not start the server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
