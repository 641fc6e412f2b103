import { defineConfig } from 'vitest/config';

// One `npm test` runs every suite. Projects:
// - unit:          pure packages (shared, engine)
// - server:pglite: integration tests through Fastify inject on the embedded database (always)
// - server:pg:     the same tests on real PostgreSQL, a database per worker (only when TEST_DATABASE_URL is set, as in CI)
// - web:           React components and hooks in jsdom (Testing Library)
// - faults:        kill -9 of the real server around waves and reports, on PGlite (and PostgreSQL in CI)
// - e2e:           the built site served by the real server, driven by playwright-core in Debian's Chromium
// - e2e:admin:     the admin panel's browser test (it ends the demo season; on its own server)
// - rehearsal:     the built server on a simulated clock through an evening (scheduled waves, season end), last
// - heartbeat:     the built server's own cron on a 20× clock makes a match and sends its pushes
// Groups: everything that owns its state (unit, server:pglite, server:pg, web, faults, e2e:admin, heartbeat) on 2
// workers; then
// the browser tests, one file at a time on their shared server; then the rehearsal alone.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server:pglite',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // API_CONTRACT_CHECK: every reply is checked against its route's declared contract (the API document).
          env: { TEST_DB: 'pglite', API_CONTRACT_CHECK: '1' },
          // One PGlite instance per worker, shared across files (see apps/server/test/helpers/db.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server:pg',
                include: ['apps/server/test/**/*.test.ts'],
                // Tests that touch no shared database (or check what does not depend on it: the API document, the
                // sources) run once, in server:pglite.
                exclude: [
                  'apps/server/test/config.test.ts',
                  'apps/server/test/db-lock.test.ts',
                  'apps/server/test/clock.test.ts',
                  'apps/server/test/coalesce.test.ts',
                  'apps/server/test/docs.test.ts',
                  'apps/server/test/engines.test.ts',
                  'apps/server/test/import-graph.test.ts',
                  'apps/server/test/nginx-cache.test.ts',
                  'apps/server/test/startup.test.ts',
                  'apps/server/test/table-owners.test.ts',
                ],
                environment: 'node',
                env: { TEST_DB: 'postgres', API_CONTRACT_CHECK: '1' },
                setupFiles: ['apps/server/test/helpers/one-query-at-a-time.ts'],
                // One database per worker (helpers/db.ts): files run side by side, beside server:pglite and web.
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      // The fault suite: the real server as a process, killed with -9 around waves and reports (npm run test:faults).
      {
        test: {
          name: 'faults',
          include: ['apps/server/faults/**/*.test.ts'],
          environment: 'node',
          // Each file has servers, data folders and databases (a PostgreSQL cluster) of its own: in the first group.
          testTimeout: 240_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // The files of a worker share one jsdom (its set-up was half of this project's time); test/setup.ts resets
          // what a test may leave in it. Checked with shuffled orders (--sequence.shuffle).
          isolate: false,
          // Whole-app renders with user-event; generous when every project runs at once (npm test).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          exclude: ['apps/web/e2e/admin.test.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          fileParallelism: false,
          // One worker for the files, one after another (each launches and closes its own Chromium).
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      // The rehearsal: the built server on a simulated clock through an evening, driven by a simulated community
      // (apps/server/rehearsal). Alone and last: its clock runs fast, and other suites' CPU would make it late.
      // The heartbeat (the built server's own cron makes a match and sends its pushes, on a 20× clock that forgives a
      // busy machine): in the first group, beside the other suites that own their state.
      {
        test: {
          name: 'heartbeat',
          include: ['apps/server/rehearsal/heartbeat.test.ts'],
          environment: 'node',
          testTimeout: 400_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'rehearsal',
          include: ['apps/server/rehearsal/**/*.test.ts'],
          exclude: ['apps/server/rehearsal/heartbeat.test.ts'],
          environment: 'node',
          fileParallelism: false,
          sequence: { groupOrder: 4 },
          testTimeout: 400_000,
          hookTimeout: 120_000,
        },
      },
      // The admin's browser test activates a season (which ends the demo season the others play in): on a server of
      // its own, so it runs in the first group (one file).
      {
        test: {
          name: 'e2e:admin',
          include: ['apps/web/e2e/admin.test.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
