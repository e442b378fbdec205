import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

const port = Number(process.env.E2E_PORT ?? 8181);
export const chromiumPath =
  process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // A fresh embedded database per run: created, migrated and seeded by the server itself.
    command: `rm -rf .e2e-data-${port} && node dist/server/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: `.e2e-data-${port}`, SEED: 'on', SEED_SIZE: 'small', LOG_LEVEL: 'warn',
      // Every browser test signs in from 127.0.0.1: the per-IP limits would stop the suite, not a person.
      OTP_MAX_PER_IP_PER_HOUR: '10000', RATE_LIMIT_LOGIN_PER_MINUTE: '1000', RATE_LIMIT_API_PER_MINUTE: '100000',
      // The small seed's 90 days of transactions (~500) then go through an export job, as a large set would.
      EXPORT_SMALL_MAX_ROWS: '300' },
  },
});
