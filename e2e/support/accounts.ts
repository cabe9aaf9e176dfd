/**
 * Accounts the e2e server starts with, made by serve.ts before the server opens the database
 * (PGlite cannot be shared with a running server). The specs read their credentials and API keys
 * from a JSON file at a fixed path derived from the port, so no state has to be passed around.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORT } from './env.ts';

/**
 * What e2e/support/seed-accounts.ts creates: confirmed users, customers with a balance; `trained`
 * and `trusted` workers as `npm run user:create -- --trained --trusted` makes them.
 */
export const SEEDED_ACCOUNTS = {
  /** Customer of the 2captcha (v1) library tests. */
  compatCustomerV1: { email: 'compat-v1@example.com', password: 'compat-v1-password', type: 'customer', balance: '10' },
  /** Customer of the anti-captcha (v2) library tests. */
  compatCustomerV2: { email: 'compat-v2@example.com', password: 'compat-v2-password', type: 'customer', balance: '10' },
  /** The worker who solves the compat tasks in /cabinet. */
  compatWorker: { email: 'compat-worker@example.com', password: 'compat-worker-password', type: 'worker', balance: '0' },
  /** A trained, trusted worker who re-solves reported images in /cabinet to judge the compat reports. */
  compatJudge: { email: 'compat-judge@example.com', password: 'compat-judge-password', type: 'worker', balance: '0', trained: true, trusted: true },
  /** Customer of e2e/customer/settings.spec.ts (changes its API settings). */
  settingsCustomer: { email: 'settings-customer@example.com', password: 'settings-customer-password', type: 'customer', balance: '10' },
  /** Customer of e2e/customer/dashboard.spec.ts, with tasks in several states (seed-customer.ts). */
  dashboardCustomer: { email: 'dashboard-customer@example.com', password: 'dashboard-customer-password', type: 'customer', balance: '10' },
  /** e2e/moderation: a moderator, an admin (captcha type switches), and a worker paused with five upheld mistakes on the customer's tasks (server/test/seed-moderation.ts). */
  moderator: { email: 'moderator@example.com', password: 'moderator-password', type: 'customer', balance: '0', moderator: true },
  staffAdmin: { email: 'staff-admin@example.com', password: 'staff-admin-password', type: 'customer', balance: '0', admin: true },
  pausedWorker: { email: 'paused-worker@example.com', password: 'paused-worker-password', type: 'worker', balance: '0' },
  pausedWorkerCustomer: { email: 'paused-worker-customer@example.com', password: 'paused-worker-customer-password', type: 'customer', balance: '1' },
  /** e2e/customer/logs.spec.ts: a customer with a seeded history (seed-logs.ts), a worker and a trusted judge who read only Thai tasks, and another customer. */
  logsCustomer: { email: 'logs-customer@example.com', password: 'logs-customer-password', type: 'customer', balance: '10' },
  logsWorker: { email: 'logs-worker@example.com', password: 'logs-worker-password', type: 'worker', balance: '0', trained: true },
  logsJudge: { email: 'logs-judge@example.com', password: 'logs-judge-password', type: 'worker', balance: '0', trained: true, trusted: true },
  logsOtherCustomer: { email: 'logs-other@example.com', password: 'logs-other-password', type: 'customer', balance: '1' },
  /** e2e/customer/testcaptcha.spec.ts: a customer on /testcaptcha and a worker who reads only Vietnamese tasks. */
  testCustomer: { email: 'testcaptcha-customer@example.com', password: 'testcaptcha-customer-password', type: 'customer', balance: '10' },
  testWorker: { email: 'testcaptcha-worker@example.com', password: 'testcaptcha-worker-password', type: 'worker', balance: '0', trained: true },
  /** e2e/compat/browser-upload.spec.ts: uploads from chromium's FormData; sandbox on, so its tasks are offered to no other spec's worker. */
  uploadCustomer: { email: 'upload-customer@example.com', password: 'upload-customer-password', type: 'customer', balance: '10', sandbox: true },
  /** e2e/payments/topup.spec.ts: tops up through the sandbox provider. */
  payCustomer: { email: 'pay-customer@example.com', password: 'pay-customer-password', type: 'customer', balance: '1' },
  /** e2e/payments/promo.spec.ts: an admin makes promo codes and a discount campaign; the customer tops up with a bonus code. */
  promoCustomer: { email: 'promo-customer@example.com', password: 'promo-customer-password', type: 'customer', balance: '1' },
  promoAdmin: { email: 'promo-admin@example.com', password: 'promo-admin-password', type: 'customer', balance: '0', admin: true },
  /** e2e/payments/transfers-vouchers.spec.ts: sends a transfer to the recipient; an admin issues the vouchers the sender redeems. */
  transferSender: { email: 'transfer-sender@example.com', password: 'transfer-sender-password', type: 'customer', balance: '50' },
  transferRecipient: { email: 'transfer-recipient@example.com', password: 'transfer-recipient-password', type: 'customer', balance: '0' },
  voucherAdmin: { email: 'voucher-admin@example.com', password: 'voucher-admin-password', type: 'customer', balance: '0', admin: true },
  /** e2e/payouts: a worker with earnings (seed-payouts.ts) who withdraws; the customer whose task the worker solves; the admin who pays; a referrer and the trusted judge of the referral spec. */
  payoutWorker: { email: 'payout-worker@example.com', password: 'payout-worker-password', type: 'worker', balance: '0', trained: true },
  payoutCustomer: { email: 'payout-customer@example.com', password: 'payout-customer-password', type: 'customer', balance: '5' },
  payoutAdmin: { email: 'payout-admin@example.com', password: 'payout-admin-password', type: 'customer', balance: '0', admin: true },
  partnerReferrer: { email: 'partner-referrer@example.com', password: 'partner-referrer-password', type: 'worker', balance: '0' },
  partnerJudge: { email: 'partner-judge@example.com', password: 'partner-judge-password', type: 'worker', balance: '0', trained: true, trusted: true },
  /** e2e/payments/crypto.spec.ts: tops up in BTC on the simulated chain. */
  cryptoCustomer: { email: 'crypto-customer@example.com', password: 'crypto-customer-password', type: 'customer', balance: '1' },
  /** e2e/hub: a worker who hides from the leaderboard and is sent from the practice round to the cabinet. */
  hubWorker: { email: 'hub-worker@example.com', password: 'hub-worker-password', type: 'worker', balance: '0' },
  /** e2e/software: a developer who lists software, a customer whose client sends tasks with its soft_id and reviews it, a worker who reads only Turkish tasks, and a moderator. */
  softwareDeveloper: { email: 'software-developer@example.com', password: 'software-developer-password', type: 'developer', balance: '0' },
  softwareCustomer: { email: 'software-customer@example.com', password: 'software-customer-password', type: 'customer', balance: '10' },
  softwareWorker: { email: 'software-worker@example.com', password: 'software-worker-password', type: 'worker', balance: '0', trained: true },
  softwareModerator: { email: 'software-moderator@example.com', password: 'software-moderator-password', type: 'customer', balance: '0', moderator: true },
  /** e2e/helpdesk: a customer who opens tickets and talks to the bot, a support moderator, and a customer who buys enterprise support (sandbox on, so its burst of submissions reaches no worker). */
  helpdeskCustomer: { email: 'helpdesk-customer@example.com', password: 'helpdesk-customer-password', type: 'customer', balance: '5' },
  helpdeskStaff: { email: 'helpdesk-staff@example.com', password: 'helpdesk-staff-password', type: 'customer', balance: '0', moderator: true },
  helpdeskEnterprise: { email: 'helpdesk-enterprise@example.com', password: 'helpdesk-enterprise-password', type: 'customer', balance: '700', sandbox: true },
  /** e2e/proxy: buys a proxy plan from the balance and sends traffic through the gateway. */
  proxyCustomer: { email: 'proxy-customer@example.com', password: 'proxy-customer-password', type: 'customer', balance: '20' },
  /** e2e/demo: a customer whose client library and browser extension solve the demos (tasks default to Japanese) and a worker who reads only Japanese. */
  demoCustomer: { email: 'demo-customer@example.com', password: 'demo-customer-password', type: 'customer', balance: '5' },
  demoWorker: { email: 'demo-worker@example.com', password: 'demo-worker-password', type: 'worker', balance: '0', trained: true },
  /** e2e/extension: the browser extension's customer (tasks default to Portuguese) and a worker who reads only Portuguese. */
  extensionCustomer: { email: 'extension-customer@example.com', password: 'extension-customer-password', type: 'customer', balance: '10' },
  extensionWorker: { email: 'extension-worker@example.com', password: 'extension-worker-password', type: 'worker', balance: '0', trained: true },
  /** e2e/labelling/labelling.spec.ts: creates a labelling project, uploads images and zips, sees the estimate (a draft, never started). */
  labellingCustomer: { email: 'labelling-customer@example.com', password: 'labelling-customer-password', type: 'customer', balance: '10' },
  /** e2e/labelling/journey.spec.ts: a customer whose tasks default to Italian (seed-labelling.ts), two annotators who read only Italian, and a trusted reviewer. */
  labelJourneyCustomer: { email: 'label-journey-customer@example.com', password: 'label-journey-customer-password', type: 'customer', balance: '2' },
  labelAnnotatorA: { email: 'label-annotator-a@example.com', password: 'label-annotator-a-password', type: 'worker', balance: '0', trained: true },
  labelAnnotatorB: { email: 'label-annotator-b@example.com', password: 'label-annotator-b-password', type: 'worker', balance: '0', trained: true },
  labelReviewer: { email: 'label-reviewer@example.com', password: 'label-reviewer-password', type: 'worker', balance: '0', trained: true, trusted: true },
} as const;

/**
 * The e2e server's training secret (app_secrets 'training'), set by the seed: with it a spec draws
 * the item behind a training picture's token, answer included (e2e/compat/training.ts). Test seeding
 * only; a real server generates its secret.
 */
export const E2E_TRAINING_SECRET = 'e2e-training-secret-not-for-production-0123456789abcdef';

export type SeededAccountName = keyof typeof SEEDED_ACCOUNTS;

export interface E2eAccount {
  id: number;
  apiKey: string;
  email: string;
  password: string;
}

export type E2eAccounts = Record<SeededAccountName, E2eAccount>;

/** Where serve.ts writes the seeded accounts for this port. */
export const E2E_ACCOUNTS_FILE = path.join(os.tmpdir(), `captchahub-e2e-${E2E_PORT}-accounts.json`);

/**
 * Creates the accounts in the e2e database (one process, before the server starts) and writes
 * E2E_ACCOUNTS_FILE. `env` is the server's environment (DATA_DIR / DATABASE_URL).
 */
export function seedAccounts(env: NodeJS.ProcessEnv): void {
  rmSync(E2E_ACCOUNTS_FILE, { force: true });
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('e2e/support/seed-accounts.ts')], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`seeding the e2e accounts failed (exit ${result.status ?? result.signal})`);
  const created = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as Record<SeededAccountName, { id: number; apiKey: string }>;
  const accounts = Object.fromEntries(
    Object.entries(SEEDED_ACCOUNTS).map(([name, a]) => [name, { id: created[name as SeededAccountName].id, apiKey: created[name as SeededAccountName].apiKey, email: a.email, password: a.password }]),
  );
  written = JSON.stringify(accounts, null, 2);
  writeFileSync(E2E_ACCOUNTS_FILE, written);
}

let written: string | null = null;

/** Removes the file this process wrote (not one a newer server on the same port wrote since). */
export function removeAccountsFile(): void {
  if (written !== null && existsSync(E2E_ACCOUNTS_FILE) && readFileSync(E2E_ACCOUNTS_FILE, 'utf8') === written) rmSync(E2E_ACCOUNTS_FILE, { force: true });
}

/** The seeded accounts (for specs). */
export function readAccounts(): E2eAccounts {
  if (!existsSync(E2E_ACCOUNTS_FILE)) throw new Error(`${E2E_ACCOUNTS_FILE} is missing: the e2e server (e2e/support/serve.ts) seeds it before it starts.`);
  return JSON.parse(readFileSync(E2E_ACCOUNTS_FILE, 'utf8')) as E2eAccounts;
}
