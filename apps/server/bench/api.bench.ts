/**
 * `npm run bench`: measures the API on this machine over real HTTP on loopback, against the goals
 * below, and exits non-zero when one is missed. Bounded: a fixed number of requests, then it stops.
 *
 *   start-up      buildApp + migrations on a fresh PGlite until /readyz answers
 *   workspaces    GET /api/workspace/list for a member of 5 workspaces (2 queries)
 *
 * BENCH_DATABASE_URL=postgres://… runs it against PostgreSQL instead of PGlite.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { signAccessToken } from '../src/lib/access-token.ts';
import { createPersonalWorkspace } from '../src/modules/workspaces/service.ts';
import { memberships, users } from '../src/db/schema.ts';

/**
 * Regression guards measured on the 2-core reference machine with the load generator in the same
 * process (so it competes for the CPU). PGlite is single-threaded WASM, ~1.5 ms a query here; on
 * PostgreSQL (BENCH_DATABASE_URL) the same goals hold with room to spare.
 */
const goals = {
  startupMs: 15_000,
  workspacesP99Ms: 250,
  workspacesRps: 200,
};

const REQUESTS = 3000;
const CONCURRENCY = 20;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: +percentile(latencies, 50).toFixed(2),
    p99: +percentile(latencies, 99).toFixed(2),
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
  const t0 = performance.now();
  const database = await openDatabase({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await fetch(`${base}/readyz`);
  const startupMs = Math.round(performance.now() - t0);

  const run = Date.now().toString(36);
  const member = await app.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: `bench-${run}@example.com`, firstName: 'Bench' })
      .returning();
    await createPersonalWorkspace(tx, { id: user!.id, email: user!.email, locale: 'es' });
    for (let i = 0; i < 4; i += 1) {
      const [owner] = await tx
        .insert(users)
        .values({ email: `owner${i}-${run}@example.com` })
        .returning();
      const workspace = await createPersonalWorkspace(tx, {
        id: owner!.id,
        email: owner!.email,
        locale: 'en',
      });
      await tx.insert(memberships).values({ workspaceId: workspace.id, userId: user!.id, role: 'member' });
    }
    return user!;
  });
  const token = await signAccessToken(config.JWT_SECRET, { userId: member.id, sessionId: randomUUID() });
  const workspaces = await load(`${base}/api/workspace/list`, { authorization: `Bearer ${token}` });

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const results = { startupMs, workspaces };
  console.log(JSON.stringify(results, null, 2));
  const missed = [
    startupMs > goals.startupMs && `start-up ${startupMs} ms > ${goals.startupMs} ms`,
    workspaces.p99 > goals.workspacesP99Ms &&
      `workspace list p99 ${workspaces.p99} ms > ${goals.workspacesP99Ms} ms`,
    workspaces.rps < goals.workspacesRps && `workspace list ${workspaces.rps} req/s < ${goals.workspacesRps}`,
  ].filter(Boolean);
  if (missed.length) {
    console.error(`Missed goals:\n  ${missed.join('\n  ')}`);
    process.exit(1);
  }
  console.log('All goals met.');
}

void main();
