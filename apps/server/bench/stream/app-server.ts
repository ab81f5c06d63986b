/**
 * Our chat stream under test: the real app (auth, PGlite database, allowance, saving) in its own
 * process, pointed at the benchmark's model server; PGlite in a temporary DATA_DIR, or with
 * BENCH_DATABASE_URL=postgres://… a throwaway database on that PostgreSQL server. It announces a signed-in user, their workspace
 * and one fresh project per stream (a new conversation each, so every prompt is the same size).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { projects, users, workspaces } from '../../src/db/schema.ts';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import { createThrowawayDatabase } from './postgres.ts';
import { announceReady } from './protocol.ts';
import { profileIfAsked } from './profile.ts';

const projectCount = Number(process.env.BENCH_PROJECTS ?? 500);
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
});
const throwaway = process.env.BENCH_DATABASE_URL
  ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL)
  : null;
const database = await openDatabase({
  dataDir,
  databaseUrl: throwaway?.url,
  poolSize: config.DATABASE_POOL_SIZE,
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

const { user, workspaceId, projectIds } = await app.db.transaction(async (tx) => {
  const [user] = await tx
    .insert(users)
    .values({ email: 'bench@example.com', firstName: 'Bench' })
    .returning();
  const workspace = await createPersonalWorkspace(tx, { id: user!.id, email: user!.email, locale: 'es' });
  // Unlimited words, so the allowance never refuses a stream; every reply is still charged.
  await tx.update(workspaces).set({ plan: 'enterprise' }).where(eq(workspaces.id, workspace.id));
  const rows = await tx
    .insert(projects)
    .values(
      Array.from({ length: projectCount }, (_, i) => ({
        workspaceId: workspace.id,
        createdBy: user!.id,
        name: `Bench ${i}`,
      })),
    )
    .returning({ id: projects.id });
  return { user: user!, workspaceId: workspace.id, projectIds: rows.map((row) => row.id) };
});
const token = await signAccessToken(config.JWT_SECRET, { userId: user.id, sessionId: randomUUID() });

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
  token,
  workspaceId,
  projectIds,
});
