import { defineConfig } from 'vitest/config';

// Domain rules run under several process time zones (they must not depend on it);
// API tests run once on embedded PGlite and once on a PostgreSQL server.
const domainZones = ['UTC', 'America/New_York', 'Australia/Lord_Howe'];

export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default there is one): the API files spend
    // most of their time waiting on PostgreSQL, timers and child servers, and each file has its
    // own database, so none shares state with another.
    maxWorkers: 2,
    projects: [
      ...domainZones.map((tz) => ({
        test: {
          name: `domain (TZ=${tz})`,
          include: ['domain/src/**/*.test.ts'],
          env: { TZ: tz },
        },
      })),
      ...(['pglite', 'postgres'] as const).map((backend) => ({
        test: {
          name: `api (${backend})`,
          include: ['api/test/**/*.test.ts'],
          env: { TEST_DB: backend },
          // The schema migrated once per run; each test app starts from a copy of it.
          globalSetup: ['api/test/support/migrated-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      // The back office's pure helpers (CSV exports, mailto links); no browser needed.
      { test: { name: 'admin', include: ['admin/src/**/*.test.ts'], environment: 'node' } },
      // The public site's pure logic and the browser package (API client against a local server);
      // islands render to text as the build makes them, with `react` being preact/compat.
      {
        resolve: { alias: [{ find: /^react(-dom)?(?=\/|$)/, replacement: 'preact/compat' }] },
        test: { name: 'site', include: ['site/src/**/*.test.ts', 'browser/src/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
