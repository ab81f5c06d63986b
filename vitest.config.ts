import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          // One PGlite per worker (DESIGN §6): modules, and so the database, persist across files.
          isolate: false,
          pool: 'forks',
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
