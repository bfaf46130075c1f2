import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the real server
// on a fresh embedded PostgreSQL. One worker: the suite shares one server and one database.
const port = Number(process.env.E2E_PORT ?? 5177);
const pgPort = Number(process.env.E2E_PG_PORT ?? 5478);
/** The e2e server's DATA_DIR: its embedded database and that database's password file. */
export const E2E_DATA_DIR = `.tmp/e2e-data-${port}`;
export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'E2e-Admin#Pass1' };

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    // The server as shipped: built ahead of time by `npm run build` (test:e2e builds first).
    command: `rm -rf ${E2E_DATA_DIR} && node --enable-source-maps dist/api/main.js`,
    url: `http://localhost:${port}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_INITIAL_PASSWORD: E2E_ADMIN.password,
      // e2e/webhooks.spec.ts delivers to a receiver on this computer (the server is on loopback).
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  },
});
