import { defineConfig } from '@playwright/test';
import { CI_WAIT_FACTOR } from '../scripts/lib/ci-waits.mjs';
import { chromiumArgs, chromiumPath } from './support/browser.ts';

const isCI = !!process.env.CI;

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  timeout: 60_000 * CI_WAIT_FACTOR,
  expect: { timeout: 10_000 * CI_WAIT_FACTOR },
  fullyParallel: true,
  workers: isCI ? 2 : 3,
  forbidOnly: isCI,
  // On CI's two cores, a test that waits on a fresh browser context's first load or on a streamed
  // reply can miss its expectation while a heavy test runs beside it: one more try there, and the
  // report lists such a test as flaky. Locally a failure is a failure.
  retries: isCI ? 1 : 0,
  reporter: [['list']],
  use: {
    // The real address is only known once global-setup has started the server: see fixtures.ts.
    baseURL: process.env.E2E_BASE_URL,
    // The app starts in the browser's language: the specs read Spanish labels unless they ask for another.
    locale: 'es-ES',
    // Nothing the specs check moves, and on CI's two cores the browser's software compositing of every
    // transition and skeleton pulse was a third of the suite's CPU: the specs run as a user who asked
    // for reduced motion (the app then ends every animation at once; docs/decisions/0026).
    reducedMotion: 'reduce',
    // Recording a trace of every test (each step's DOM snapshot and screencast frames) took a quarter
    // to a third of the browser suite's time on CI's two cores: there a failure is retried, and its
    // retry keeps one. Locally, where nothing is retried, a failed test keeps its trace.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
});
