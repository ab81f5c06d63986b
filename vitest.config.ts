import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { CI_WAIT_FACTOR } from './scripts/lib/ci-waits.mjs';
import { databaseFreeFiles } from './apps/server/test/database-free.ts';
import { WEB_WORKERS } from './apps/web/vitest.config.ts';

/**
 * Server test files that run on PGlite or without a database whatever TEST_DATABASE_URL says, though a
 * module they import reads it: the README's `npm start` (always the embedded database). The pass on
 * PostgreSQL (TEST_DATABASE_URL set) leaves them out, and the files that never reach the variable
 * (apps/server/test/database-free.ts): it would run them exactly as the pass on PGlite did.
 */
const PGLITE_ONLY_FILES = ['apps/server/test/app/start-script.test.ts'];

/**
 * The test files that took longest (each 14 s or more on a quiet machine, December 2026), longest first.
 * Vitest starts the files it has timings for (in its cache) longest first; on a clean clone, as in
 * CI, it has none and starts the largest files first, so that files small in bytes but long in time
 * (a child server's, the fuzz slices of a few lines each) started last and kept one worker busy long
 * after the others had finished. Without timings these start first; an out-of-date order here costs
 * only a less even end.
 */
const LONGEST_FILES = [
  'apps/server/test/rules/permission-table.test.ts',
  'apps/server/test/batches/batches.test.ts',
  'apps/server/test/ops/graceful-drain.test.ts',
  'apps/server/test/ops/batch-crash.test.ts',
  'apps/server/test/cli/admin-process.test.ts',
  'apps/server/test/security/authorization-matrix.test.ts',
  'apps/server/test/chat/live-conversation.test.ts',
  'apps/server/test/db/pglite-thread.test.ts',
  'apps/server/test/app/start-script.test.ts',
  'apps/server/test/batches/row-edits.test.ts',
  'apps/server/test/security/fuzz-requests.1.test.ts',
  'apps/server/test/security/fuzz-requests.2.test.ts',
  'apps/server/test/security/fuzz-requests.3.test.ts',
  'apps/server/test/security/fuzz-requests.4.test.ts',
  'apps/server/test/chat/stream.test.ts',
  'apps/server/test/batches/batch-queue.test.ts',
  'apps/server/test/collab/validation.test.ts',
  'apps/server/test/collab/across-instances.test.ts',
  'apps/server/test/db/server-without-database.test.ts',
  'apps/web/src/features/document/editor/co-editing/typing-at-once.paste.test.ts',
  'apps/web/src/features/document/editor/co-editing/typing-at-once.empty-paragraph.test.ts',
  'apps/web/src/features/document/editor/co-editing/typing-at-once.enter.test.ts',
  'apps/web/src/features/document/editor/co-editing/typing-at-once.line-end.test.ts',
  'apps/web/src/features/document/editor/co-editing/typing-at-once.line-start.test.ts',
  'apps/web/src/features/document/editor/co-editing/typing-at-once.inside-word.test.ts',
  'apps/web/src/features/document/editor/co-editing/stored-document.test.ts',
  'apps/server/test/usage/budgets.test.ts',
  'apps/server/test/webhooks/events.test.ts',
  'apps/server/test/knowledge/zip-bomb.test.ts',
  'apps/server/test/audit/upgrade.test.ts',
  'apps/server/test/webhooks/delivery.test.ts',
  'apps/server/test/app/listen-address.test.ts',
];

/** Vitest's order; without timings of every file, LONGEST_FILES first within each project. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const path = (spec: TestSpecification) => relative(this.ctx.config.root, spec.moduleId);
    if (sorted.every((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`))) {
      return sorted;
    }
    const rank = (spec: TestSpecification) => {
      const known = LONGEST_FILES.indexOf(path(spec));
      return known === -1 ? LONGEST_FILES.length : known;
    };
    // Vitest runs the projects one after another, in the order of their first files here.
    const projectStart = new Map<unknown, number>();
    sorted.forEach((spec, i) => projectStart.set(spec.project, projectStart.get(spec.project) ?? i));
    return sorted
      .map((spec, i) => ({ spec, i, project: projectStart.get(spec.project)! }))
      .sort((a, b) => a.project - b.project || rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
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
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL
              ? [...PGLITE_ONLY_FILES, ...databaseFreeFiles(import.meta.dirname)]
              : []),
          ],
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
          testTimeout: 30_000 * CI_WAIT_FACTOR,
          hookTimeout: 60_000 * CI_WAIT_FACTOR,
          setupFiles: ['apps/server/test/setup.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
