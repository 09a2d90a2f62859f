import { defineConfig, devices } from '@playwright/test';
import { BROWSER_FLAGS, findChromium, playwrightDisabledFeatures, QUIET_FEATURES } from './scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4399);
export const E2E_BASE = `http://127.0.0.1:${PORT}`;
/** The local stand-in for the CRM webhook (tests/e2e/company-users.spec.ts listens there). */
export const E2E_CRM_PORT = PORT + 2000;

/**
 * e2e runs the built server (dist/) on its own fresh PGlite directory, in Debian's Chromium
 * (Playwright may not download browsers here). Viewport: a 360×800 Android phone.
 *
 * Two workers: spec files run side by side, the tests of one file in order. Files share no mutable
 * data: each spec that signs in has its own data set (tests/e2e/fixtures.ts, written before the server
 * starts by scripts/e2e-server.mjs), guests get fresh cookies, and the specs that buy use product
 * ranges or sections no other spec buys from.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // No retries, on CI either: a test that passes only the second time is a failure to fix, not to hide.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE,
    // The action log of a failed test, without DOM snapshots and screencast frames: recording those for every
    // passing test cost the browser and the workers as much CPU as the pages themselves (2026-11-28).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    locale: 'ru-BY',
    launchOptions: {
      executablePath: findChromium() ?? '/usr/bin/chromium',
      // Without the omnibox popup's renderers (scripts/chromium.mjs QUIET_FEATURES), and with Playwright's own list kept.
      args: [...BROWSER_FLAGS, `--disable-features=${[...playwrightDisabledFeatures(), ...QUIET_FEATURES].join(',')}`],
    },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 800 }, browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_BASE}/api/header/`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: E2E_BASE,
      // Contract requests go to a local stub; short pauses so a retry is seen within a test.
      CRM_WEBHOOK_URL: `http://127.0.0.1:${E2E_CRM_PORT}/crm/contract-requests`,
      CRM_RETRY_BASE_MS: '400',
      OUTBOX_POLL_MS: '200',
    },
  },
});
