import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eEnv } from './e2e/env';

// e2e runs real processes: the fake upstream on its own port, and the BFF serving the built app on
// it, as a user would point the BFF at real hosts. The browser is the system Chromium.
const { bffPort, upstreamPort, upstreamOrigin, baseURL, staticDir, logFile } = e2eEnv;
// The BFF's embedded database: a fresh one for each run, never whatever ./data holds. Made once
// (the config is read again in each worker, which inherits the variable) and removed at the end.
process.env.CHATDESK_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'chatdesk-e2e-data-'));
const dataDir = process.env.CHATDESK_E2E_DATA;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One fake upstream with shared state, reset before each test: tests run one at a time.
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1400, height: 900 } } },
  ],
  webServer: [
    {
      command: 'npx tsx mocks/main.ts',
      url: `${upstreamOrigin}/__fake/clock`,
      // A frozen clock: statuses and windows move only when a test moves the fake clock.
      env: { UPSTREAM_PORT: String(upstreamPort), FAKE_CLOCK: 'frozen' },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The built BFF under plain node, as `npm start` runs it (`npm run test:e2e` builds it first).
      // Its log goes to a file too, so the teardown can prove the key never reached it.
      command: `mkdir -p test-results && node --enable-source-maps dist-server/main.js 2>&1 | tee ${logFile}`,
      url: `${baseURL}/healthz`,
      env: {
        PORT: String(bffPort),
        HOST: '127.0.0.1',
        SOCIAL_BASE_URL: `${upstreamOrigin}/social/api`,
        CRM_BASE_URL: `${upstreamOrigin}/crm/api`,
        API_KEY: e2eEnv.apiKey,
        TENANT_ID: e2eEnv.tenantId,
        STATIC_DIR: staticDir,
        USERS_FILE: 'e2e/users.json',
        DATA_DIR: dataDir,
        TEAM_FILE: 'e2e/team.json',
        LOG_LEVEL: 'info',
        // The board and the lead list read the BFF's workspace tables, which the sync fills. Its
        // sweeps run often so that what a test arranges at the fake directly shows within a second,
        // and the fake is no one's bill: the upstream budget is raised out of their way.
        SYNC_ENABLED: 'true',
        SYNC_LEAD_SWEEP_MS: '1000',
        SYNC_LIST_SWEEP_MS: '1000',
        SYNC_CALLS_PER_MINUTE: '100000',
        // The stream checks the session this often: an ended session reaches sign-in in seconds.
        EVENTS_HEARTBEAT_MS: '3000',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
