/**
 * `npm run bench`: measures the API on this machine over real HTTP on loopback, against its targets
 * (apps/server/bench/check/targets.ts: apiStartup, apiListP99, apiListRps), and exits non-zero when one
 * is missed. Bounded: a fixed number of requests, then it stops; its brief run (BENCH_BRIEF=1) is the
 * same run.
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
import { recordFigures } from './check/figures.ts';

/*
 * The targets are regression guards for the 2-core reference machine with the load generator in the
 * same process (so it competes for the CPU). PGlite is single-threaded WASM, ~1.5 ms a query here; on
 * PostgreSQL (BENCH_DATABASE_URL) the same targets hold with room to spare.
 */

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
  const how = `${database.kind}, ${REQUESTS} requests ${CONCURRENCY} at a time, load generator in process`;
  const met = recordFigures([
    { target: 'apiStartup', value: startupMs, note: `${database.kind}, until /readyz answers` },
    { target: 'apiListP99', value: workspaces.p99, note: how },
    { target: 'apiListRps', value: workspaces.rps, note: how },
  ]);
  if (!met) process.exitCode = 1;
}

void main();
