import { defineConfig } from 'vitest/config';

// One `npm test` runs every suite. Projects:
// - unit:          pure packages (shared, engine)
// - server:pglite: integration tests through Fastify inject on the embedded database (always)
// - server:pg:     the same tests on real PostgreSQL (only when TEST_DATABASE_URL is set, as in CI)
// - web:           React components and hooks in jsdom (Testing Library)
// - e2e:           the built site served by the real server, driven by playwright-core in Debian's Chromium
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
          env: { TEST_DB: 'pglite' },
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
                // Tests that touch no shared database run once, in server:pglite.
                exclude: ['apps/server/test/config.test.ts', 'apps/server/test/db-lock.test.ts'],
                environment: 'node',
                env: { TEST_DB: 'postgres' },
                isolate: false,
                // One database: files run one after another, after the parallel group.
                fileParallelism: false,
                sequence: { groupOrder: 1 },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // Whole-app renders with user-event; generous when every project runs at once (npm test).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
