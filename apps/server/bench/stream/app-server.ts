/**
 * Our chat stream under test: the real app (auth, PGlite database, word reservation, saving) in its
 * own process, pointed at the benchmark's model server; PGlite in a temporary DATA_DIR, or with
 * BENCH_DATABASE_URL=postgres://… a throwaway database on that PostgreSQL server. Its users are on the
 * free plan, so every reply reserves its words and counts against the plan's stream caps; the allowance
 * (FREE_PLAN_WORDS) is too large to ever refuse. There is one signed-in user with a workspace of their
 * own per concurrent stream (BENCH_ACCOUNTS), so no cap is reached, and one fresh project per stream (a
 * new conversation each, so every prompt is the same size): project i belongs to account i mod the
 * number of accounts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { projects, users } from '../../src/db/schema.ts';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import { createThrowawayDatabase } from './postgres.ts';
import { announceReady } from './protocol.ts';
import { profileIfAsked } from './profile.ts';
import { threadCpuMs } from './processes.ts';

const projectCount = Number(process.env.BENCH_PROJECTS ?? 500);
const accountCount = Number(process.env.BENCH_ACCOUNTS ?? 200);
const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-bench-stream-'));
const config = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  APP_URL: 'http://127.0.0.1',
  DATA_DIR: dataDir,
  // Request logs are not what is measured; BENCH_LOG_LEVEL=info includes them.
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  OPENAI_BASE_URL: process.env.UPSTREAM_URL,
  AI_MODEL: 'bench',
  WEB_DIST_DIR: '/nonexistent-web-dist',
  // The largest allowance the database's integer columns hold: every reply reserves and is charged.
  FREE_PLAN_WORDS: String(2 ** 31 - 1),
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
const databaseThreads = [...threadCpuMs(process.pid).keys()].filter((tid) => !threadsBefore.has(tid));
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

const { accounts, projectIds } = await app.db.transaction(async (tx) => {
  const people = await tx
    .insert(users)
    .values(
      Array.from({ length: accountCount }, (_, i) => ({
        email: `bench${i}@example.com`,
        firstName: 'Bench',
      })),
    )
    .returning();
  const accounts: { userId: string; workspaceId: string }[] = [];
  for (const user of people) {
    const workspace = await createPersonalWorkspace(tx, { id: user.id, email: user.email, locale: 'es' });
    accounts.push({ userId: user.id, workspaceId: workspace.id });
  }
  const rows = await tx
    .insert(projects)
    .values(
      Array.from({ length: projectCount }, (_, i) => ({
        workspaceId: accounts[i % accountCount]!.workspaceId,
        createdBy: accounts[i % accountCount]!.userId,
        name: `Bench ${i}`,
      })),
    )
    .returning({ id: projects.id });
  return { accounts, projectIds: rows.map((row) => row.id) };
});
const signedIn = await Promise.all(
  accounts.map(async ({ userId, workspaceId }) => ({
    token: await signAccessToken(config.JWT_SECRET, { userId, sessionId: randomUUID() }),
    workspaceId,
  })),
);

const profile = await profileIfAsked('ours');
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

announceReady({
  port: (app.server.address() as { port: number }).port,
  accounts: signedIn,
  projectIds,
  databaseThreads: database.kind === 'pglite' ? databaseThreads : [],
});
