/**
 * The bulk benchmark's server: the real app in its own process (startBenchApp: PGlite in a temporary
 * DATA_DIR, or a throwaway PostgreSQL database with BENCH_DATABASE_URL), working its batch queue against
 * the benchmark's model server. One signed-in user whose workspace is moved to Pro by the operator's
 * plan change, as `npm run admin -- set-plan` does: its batches run BATCH_CONCURRENCY.pro_monthly rows
 * at a time, and Pro has no word allowance to reserve against. Its log is at debug level, so each row
 * written says how long it took (`batch row written`), which the benchmark reads from stdout. The
 * benchmark gives the JWT secret (BENCH_JWT_SECRET) and signs the user's access tokens itself: a run on
 * a busy machine outlasts one token's 15 minutes.
 */
import { users } from '../../src/db/schema.ts';
import { changeWorkspacePlan } from '../../src/modules/plans/service.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import { startBenchApp } from '../stream/bench-app.ts';
import { announceReady } from '../stream/protocol.ts';

const { app, port, begin } = await startBenchApp('bulk', {
  OPENAI_BASE_URL: process.env.UPSTREAM_URL,
  AI_MODEL: 'bench',
  LOG_LEVEL: 'debug',
  // Its own /metrics on a free port: the benchmark reads the JS heap there, to tell it from the rest of RSS.
  METRICS_PORT: '0',
  JWT_SECRET: process.env.BENCH_JWT_SECRET,
});

const { userId, workspaceId } = await app.db.transaction(async (tx) => {
  const [user] = await tx.insert(users).values({ email: 'bulk@example.com', firstName: 'Bulk' }).returning();
  const workspace = await createPersonalWorkspace(tx, { id: user!.id, email: user!.email, locale: 'es' });
  return { userId: user!.id, workspaceId: workspace.id };
});
await changeWorkspacePlan(app.db, { workspaceId, plan: 'pro_monthly', extraSeats: 0 });

await begin('bulk');

announceReady({ port, userId, workspaceId, metricsUrl: app.metricsUrl()! });
