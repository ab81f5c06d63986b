import { defineConfig } from 'vitest/config';
import { repoRoot } from './paths.ts';

/**
 * The cluster suite (`npm run test:cluster`): two server instances on PostgreSQL and Redis behind
 * nginx. Kept out of the server project, which needs neither nginx nor PostgreSQL.
 */
export default defineConfig({
  root: repoRoot,
  test: {
    name: 'cluster',
    include: ['apps/server/test-cluster/**/*.cluster.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
