import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/env';

/**
 * Browser journeys against the real `mandir` server (debug build) and the built frontend.
 * support/global-setup.ts starts the server on a fresh SQLite database in a temp dir and a free
 * port, creates the admin, and exports the base URL through MANDIR_E2E_BASE_URL (read by the
 * fixtures in support/fixtures.ts). No browser is downloaded: Debian's Chromium is driven.
 */

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: !!process.env.CI,
  // No retry, in CI either: a retry hides a flaky test, and a flaky test is a defect to fix
  // (docs/testing.md; `just test-stress` finds them).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    // Recording a trace of every journey makes the suite about 40% slower on 2 cores (1.8 min
    // against 1.3 for the admin and counter journeys), in CI too, where nobody can open one: on
    // request only (E2E_TRACE=1). A failure still leaves its screenshot, console and page snapshot.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    serviceWorkers: 'block',
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    // Journeys run as a visitor who asked for less motion (the theme then drops every transition,
    // docs/testing.md). A fade has no meaning to a test, and axe measuring a toast or a menu half
    // faded in (or out: a toast leaves by itself after 5 s) reads blended colours as a contrast
    // failure that depends on the machine's load: CI failed once on a toast at 1.76:1.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /phone\.spec\.ts/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testMatch: /phone\.spec\.ts/,
      // iPhone 12/13/14-class width; still Chromium (no WebKit is installed).
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, userAgent: devices['Pixel 7'].userAgent },
    },
  ],
});
