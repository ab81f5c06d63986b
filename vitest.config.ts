import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { WEB_WORKERS } from './apps/web/vitest.config.ts';

/**
 * Server test files that run on PGlite or without a database whatever TEST_DATABASE_URL says: PGlite's
 * own thread, the README's `npm start` (always the embedded database), a server started with no
 * database. The pass on PostgreSQL (TEST_DATABASE_URL set) leaves them out: it would run them exactly
 * as the pass on PGlite did.
 */
const PGLITE_ONLY_FILES = [
  'apps/server/test/db/pglite-thread.test.ts',
  'apps/server/test/app/start-script.test.ts',
  'apps/server/test/db/server-without-database.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/**/*.test.ts'],
          environment: 'node',
          // Run with the web project, as many at a time (see apps/web/vitest.config.ts).
          maxWorkers: WEB_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? PGLITE_ONLY_FILES : [])],
          environment: 'node',
          // One PGlite per worker: modules, and so the database, persist across files.
          isolate: false,
          pool: 'forks',
          // Most of a server test's time is spent waiting (on sockets, child processes, timers): three
          // workers keep two cores busy, where Vitest's default (cores - 1) ran the suite one file at a time.
          // Four were faster still, but stretched the timing of tests that start servers past their bounds.
          maxWorkers: Math.max(3, availableParallelism() - 1),
          // Projects that run a different number of workers run one after the other: the server first.
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/server/test/setup.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
