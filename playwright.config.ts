// Browser tests in Debian's Chromium against the production build, served as a static host serves it.
import { defineConfig } from '@playwright/test';

// BL_E2E_PORT lets several checkouts run their browser tests side by side.
const PORT = Number(process.env.BL_E2E_PORT ?? 4173);

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers, the tests dealt to them one by one, whatever their file (every test has its own
  // page and context; a file's helpers only cache what any worker can compute again): the tests
  // mostly wait on a page loading and a run advancing, so two at once on 2 cores take about two
  // thirds of the time of one. Dealt a file at a time, the last file kept one worker busy 20 s
  // after the other had finished. BL_E2E_WORKERS=1 runs them one by one.
  fullyParallel: true,
  workers: Number(process.env.BL_E2E_WORKERS ?? 2),
  retries: 0, // a test that passes only on retry is a defect, not a pass
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    trace: 'on-first-retry',
    acceptDownloads: true,
    // The app's service worker (offline use) would answer requests that tests route or count;
    // e2e/offline.spec.ts allows it for the offline tests.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's old headless shell (package chromium-headless-shell, the same Chromium build as
      // /usr/bin/chromium), the engine Playwright itself runs headless tests in. The full browser's
      // headless mode builds a hidden window per page, and a WebUI renderer for its omnibox:
      // opening the app cost 2.1 s of CPU per page in it against 1.0 s in the shell (8 opens,
      // cgroup CPU time; docs/testing.md), and the tests are CPU-bound on 2 cores.
      // BL_E2E_CHROMIUM=/usr/bin/chromium runs them in the full browser.
      executablePath: process.env.BL_E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The production build, served file for file (scripts/serve-static.mjs: no compression, which
    // cost `vite preview` 26 s of the suite's CPU).
    command: `npx vite build --config web/vite.config.ts && node scripts/serve-static.mjs --host 127.0.0.1 --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
