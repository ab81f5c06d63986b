import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { createThrowawayDatabase } from './postgres.ts';
import { threadCpuMs } from './processes.ts';
import { profileIfAsked } from './profile.ts';

/**
 * The real app as a benchmark's server process runs it, listening on a free port of 127.0.0.1: PGlite
 * in a temporary DATA_DIR, or with BENCH_DATABASE_URL=postgres://… a throwaway database on that
 * PostgreSQL server. `env` adds to (or overrides) its configuration. Request logs are not what is
 * measured; BENCH_LOG_LEVEL=info includes them.
 */
export async function startBenchApp(name: string, env: Record<string, string | undefined> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `redacta-bench-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
  const throwaway = process.env.BENCH_DATABASE_URL
    ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL)
    : null;
  // The threads that start with the database are PGlite's (ADR 0007): the benchmark reports their CPU apart.
  const threadsBefore = new Set(threadCpuMs(process.pid).keys());
  const database = await openDatabase({
    dataDir,
    databaseUrl: throwaway?.url,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const databaseThreads = throwaway
    ? []
    : [...threadCpuMs(process.pid).keys()].filter((tid) => !threadsBefore.has(tid));
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });

  return {
    app,
    config,
    port: (app.server.address() as { port: number }).port,
    database: throwaway ? ('postgresql' as const) : ('pglite' as const),
    /** PGlite's threads (none on PostgreSQL), whose CPU the stream benchmark reports apart. */
    databaseThreads,
    /**
     * Once seeded, the run begins: profiled when asked (BENCH_CPU_PROF / BENCH_HEAP_PROF, into
     * `<profileName>.*`), and on SIGTERM or SIGINT the app, its database and its directory go away.
     */
    async begin(profileName: string) {
      const profile = await profileIfAsked(profileName);
      const stop = async () => {
        await profile.stop();
        await app.close();
        await database.close();
        await throwaway?.drop();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      };
      process.once('SIGTERM', () => void stop());
      process.once('SIGINT', () => void stop());
    },
  };
}
