import { defineConfig } from '@playwright/test';
import { INTL_ORIGIN } from './e2e/support/env.ts';

/**
 * End-to-end tests against the production build (`npm run test:e2e` builds first).
 * The server is started by e2e/support/serve.ts: fresh PGlite data dir per run, or a fresh
 * PostgreSQL database when DATABASE_URL is set (CI). Browser: Debian's chromium, never a
 * downloaded one. No retries: a test that needs one is a bug to fix.
 */
export default defineConfig({
  testDir: './e2e',
  // e2e/compat is reserved for later suites; every *.spec.ts under e2e/ runs.
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: INTL_ORIGIN,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node --import tsx e2e/support/serve.ts',
    url: `${INTL_ORIGIN}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
