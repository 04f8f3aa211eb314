import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverTests = {
  include: ['apps/server/src/**/*.test.ts'],
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const mockedServerTests = 'apps/server/src/**/*.mocked.test.ts';

/**
 * The browser tests: each project starts its own server on its own fresh data directory
 * (e2e/support/global-setup.ts) and runs its files one at a time against it; `npm run test:e2e`
 * runs the two projects side by side, in a Vitest process each (scripts/test-e2e.mjs). `e2e-money`
 * holds the money screens and the staff work on money (transfers, Bill Pay, deposits, statements,
 * cards, staff money, payment operations); `e2e` the rest (public pages, sign-up and sign-in, the
 * console, every screen's accessibility).
 */
const browserTests = {
  globalSetup: ['e2e/support/global-setup.ts'],
  // A walk through several screens with an axe scan at each, at two widths, passes 60 s on a slow
  // two-core machine running both browser projects side by side; a test that hangs still fails.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  fileParallelism: false,
  // `expect.poll` waits as long as a Playwright action does (`openPage`: 10 s), not Vitest's 1 s: on
  // a loaded two-core CI machine a staff list took longer than 1 s to appear after sign-in, and two
  // tests failed that a person would have seen pass.
  expect: { poll: { timeout: 10_000 } },
};
const moneyBrowserTests =
  'e2e/{transfers,transfer-double-click,transaction-blocked,live-and-history,dialog-layout,staff-money,' +
  'staff-holds-and-limits,payment-ops,bill-pay,deposits,statements,cards,accessibility-money}.test.ts';

export default defineConfig({
  test: {
    // A worker per core. Vitest's default leaves one core to its own process, which waits: on the
    // 2-CPU CI machine that was one worker for ~250 database test files.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] },
      },
      {
        plugins: [react()],
        // Packages as a browser gets them. Under Node's conditions `react-router` loaded as CommonJS
        // and `react-router/dom` as ES modules: two copies, whose RouterProvider and hooks did not
        // share the router's context.
        resolve: { conditions: ['module', 'browser', 'development|production'] },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A form typed key by key (user-event) takes a few seconds on a loaded two-core machine,
          // past the default 5 s; a test that hangs still fails.
          testTimeout: 15_000,
          // One document and one module graph per worker, not per file (each file set them up again:
          // two thirds of the project's time); the setup file empties the document after each test.
          isolate: false,
        },
      },
      {
        // The server's modules are loaded once per worker, not once per test file: each file still
        // gets its own app and database (test/test-app.ts), and loading the whole server again for
        // each of ~150 files was over half of the run's time (docs/decisions/2026-11-21-test-databases-and-ci.md).
        test: { ...serverTests, name: 'server', exclude: [mockedServerTests], isolate: false },
      },
      {
        // A file that replaces a module (`vi.mock`) needs its own module graph: a module already
        // loaded by another file would not see the mock. Lint keeps `vi.mock` to these files.
        test: { ...serverTests, name: 'server-mocked', include: [mockedServerTests] },
      },
      {
        test: { ...browserTests, name: 'e2e', include: ['e2e/**/*.test.ts'], exclude: [moneyBrowserTests] },
      },
      {
        test: { ...browserTests, name: 'e2e-money', include: [moneyBrowserTests] },
      },
      {
        test: {
          name: 'cluster',
          include: ['cluster/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
