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
import { randomUUID } from 'node:crypto';
import { projects, users } from '../../src/db/schema.ts';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import { startBenchApp } from './bench-app.ts';
import { announceReady } from './protocol.ts';

const projectCount = Number(process.env.BENCH_PROJECTS ?? 500);
const accountCount = Number(process.env.BENCH_ACCOUNTS ?? 200);
const { app, config, port, begin, databaseThreads } = await startBenchApp('stream', {
  OPENAI_BASE_URL: process.env.UPSTREAM_URL,
  AI_MODEL: 'bench',
  // The largest allowance the database's integer columns hold: every reply reserves and is charged.
  FREE_PLAN_WORDS: String(2 ** 31 - 1),
});

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

await begin('ours');

announceReady({
  port,
  accounts: signedIn,
  projectIds,
  databaseThreads,
});
