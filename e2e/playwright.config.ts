/**
 * End-to-end tests: Debian's Chromium drives the real server (API + built site on one origin)
 * over HTTP. The site must be built first (`npm run build` at the root; `npm test` does it).
 * Each run gets a fresh data directory, so the demo catalogue is seeded anew and the admin
 * account below is created on boot. The server sends its mail over SMTP to the suite's own
 * SMTP server (support/mailbox.ts), whose messages the specs read.
 */
import { defineConfig } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCESS_OPENS_MINUTES, ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, PORT, SMTP_PORT } from './support/env.ts';
import { startMailbox } from './support/mailbox.ts';

// Workers re-evaluate this file with the runner's environment: create the directory and start
// the SMTP server once, in the runner's process, which lives as long as the run.
if (!process.env.COURTSIDE_E2E_DATA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'courtside-e2e-'));
  process.env.COURTSIDE_E2E_DATA_DIR = dir;
  process.env.COURTSIDE_E2E_MAIL_DIR = join(dir, 'received-mail');
  startMailbox(process.env.COURTSIDE_E2E_MAIL_DIR, SMTP_PORT);
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A test's whole time, as generous as the waits below: axe on a console screen outlasted 60 s under that load.
  timeout: 120_000,
  // Generous: on a 2-core machine shared with other work (a load of 20 and more), a console
  // screen's first render was seen to take over 10 s after its data arrived, and a list's request
  // to leave the browser 19 s after the page. Every wait is on a condition: a pass is no slower.
  expect: { timeout: 30_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'America/New_York',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: CHROMIUM,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
        },
      },
    },
  ],
  webServer: {
    command: 'node api/src/server.ts',
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: process.env.COURTSIDE_E2E_DATA_DIR,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // The suite signs in and writes to the contact form more often than a person would.
      LOGIN_MAX_ATTEMPTS: '1000',
      CONTACT_MAX_MESSAGES: '1000',
      SIGNUP_MAX_PER_IP: '1000',
      BOOKING_MAX_PER_IP: '10000',
      FIND_MAX_PER_IP: '10000',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // Mail goes out on the sweeper's beat: a short one, so a spec waits seconds for a message.
      SWEEP_INTERVAL_SECONDS: '2',
      ACCESS_OPENS_MINUTES: String(ACCESS_OPENS_MINUTES),
    },
  },
});
