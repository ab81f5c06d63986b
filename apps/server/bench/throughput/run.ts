/**
 * `npm run bench:throughput` (a benchmark, not a test; method and figures in docs/benchmarks.md): the
 * busiest list routes of one production-like instance (../capacity/instance.ts) under autocannon,
 * against a bare Fastify route returning the same JSON (bare-server.ts) in the same run, as a ratio.
 *
 * Data: a signed-in user who owns a Pro workspace of 200 projects (half in folders), 20 folders and 30
 * custom prompts, and is a member of 4 other workspaces. Routes: the workspace list, the first page
 * (50) of the project list, the folder list and the prompt library. Each route is measured in
 * --rounds rounds, ours and the bare route taking turns, --seconds each at --connections; the figures
 * pool the rounds (requests per second: their mean; latency: autocannon's p50/p99 of the round with
 * the median rate). Its target (../check/targets.ts: throughputFailures) is on failures alone: any
 * non-2xx answer, error or server error line is reported and fails the run.
 * Flags: --seconds (10), --rounds (2), --connections (10), --database pglite|postgres. BENCH_BRIEF=1:
 * one round of 4 s per route unless the flags say otherwise.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { memberships } from '../../src/db/schema.ts';
import { databaseFromArgs, loadAverage, numberArg, startInstance } from '../capacity/instance.ts';
import { seedProWorkspaces, type SeededUser } from '../capacity/seed.ts';
import { brief } from '../check/brief.ts';
import { recordFigures } from '../check/figures.ts';
import { startChild } from '../stream/processes.ts';

const seconds = numberArg('seconds', brief ? 4 : 10);
const rounds = numberArg('rounds', brief ? 1 : 2);
const connections = numberArg('connections', 10);
const database = databaseFromArgs();

interface Round {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Round> {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

function pool(roundsOf: Round[]) {
  const byRate = [...roundsOf].sort((a, b) => a.rps - b.rps);
  const middle = byRate[Math.floor((byRate.length - 1) / 2)]!;
  return {
    requests: roundsOf.reduce((sum, r) => sum + r.requests, 0),
    rps: Math.round(roundsOf.reduce((sum, r) => sum + r.rps, 0) / roundsOf.length),
    p50: middle.p50,
    p99: middle.p99,
    failures: roundsOf.reduce((sum, r) => sum + r.failures, 0),
  };
}

async function main() {
  console.log(
    `throughput: ${database}, ${rounds} rounds of ${seconds} s at ${connections} connections; load average ${loadAverage()}`,
  );
  const peer = await startChild('../capacity/model-peer.ts', { PEER_TOKENS: '1', PEER_DELAY_MS: '0' });
  const instance = await startInstance<SeededUser[]>({
    database,
    modelUrl: peer.ready.url as string,
    seed: async (db) => {
      const [owner] = await seedProWorkspaces(db, {
        users: 1,
        projectsEach: 200,
        foldersEach: 20,
        promptsEach: 30,
        prefix: 'throughput',
      });
      const elsewhere = await seedProWorkspaces(db, {
        users: 4,
        projectsEach: 1,
        prefix: 'throughput-other',
      });
      await db.insert(memberships).values(
        elsewhere.map((w) => ({
          workspaceId: w.workspaceId,
          userId: owner!.userId,
          role: 'member' as const,
        })),
      );
      return [owner!];
    },
  });
  const payloadDir = mkdtempSync(path.join(tmpdir(), 'redacta-bench-throughput-'));
  let bare: Awaited<ReturnType<typeof startChild>> | null = null;
  try {
    const user = instance.seeded[0]!;
    const { accessToken } = await instance.signIn(user.email);
    const auth = { authorization: `Bearer ${accessToken}` };
    const routes = [
      { name: 'workspace list', path: '/api/workspace/list' },
      { name: 'project list (first 50)', path: `/api/workspace/${user.workspaceId}/projects?limit=50` },
      { name: 'folder list', path: `/api/workspace/${user.workspaceId}/folders` },
      { name: 'prompt library', path: `/api/prompt/by-workspace/${user.workspaceId}` },
    ];
    const payloads: Record<string, unknown> = {};
    const sizes: Record<string, number> = {};
    for (const route of routes) {
      const res = await fetch(`${instance.url}${route.path}`, { headers: auth });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${route.path} answered ${res.status}: ${text}`);
      payloads[route.path] = JSON.parse(text);
      sizes[route.name] = Buffer.byteLength(text);
    }
    const payloadFile = path.join(payloadDir, 'payloads.json');
    writeFileSync(payloadFile, JSON.stringify(payloads));
    bare = await startChild('../throughput/bare-server.ts', { BARE_PAYLOADS: payloadFile });
    const bareUrl = `http://127.0.0.1:${bare.ready.port}`;

    const results = [];
    for (const route of routes) {
      const ours: Round[] = [];
      const limit: Round[] = [];
      const loads: string[] = [loadAverage()];
      // Unmeasured warm-up of both (JIT, connections, the database's caches).
      await autocannon({ url: `${instance.url}${route.path}`, headers: auth, connections, duration: 2 });
      await autocannon({ url: `${bareUrl}${route.path}`, connections, duration: 2 });
      for (let round = 0; round < rounds; round += 1) {
        ours.push(await measure(`${instance.url}${route.path}`, auth));
        limit.push(await measure(`${bareUrl}${route.path}`, {}));
        loads.push(loadAverage());
      }
      const row = {
        route: route.name,
        bytes: sizes[route.name],
        ours: pool(ours),
        bare: pool(limit),
        ratio: 0,
        loadAverages: loads.map((l) => l.split(' ')[0]).join(' → '),
      };
      row.ratio = +(row.ours.rps / row.bare.rps).toFixed(2);
      results.push(row);
      console.log(
        `${route.name.padEnd(24)} ours ${String(row.ours.rps).padStart(5)} req/s (p50 ${row.ours.p50} ms, p99 ${row.ours.p99} ms), ` +
          `bare ${String(row.bare.rps).padStart(5)} req/s (p50 ${row.bare.p50} ms, p99 ${row.bare.p99} ms): ` +
          `ours/bare ${row.ratio}, ${row.bytes} bytes, load ${row.loadAverages}`,
      );
    }
    const failures = results.reduce((n, r) => n + r.ours.failures + r.bare.failures, 0);
    const requests = results.reduce((n, r) => n + r.ours.requests + r.bare.requests, 0);
    console.log(
      JSON.stringify(
        { setup: { database, seconds, rounds, connections, node: process.version }, results, failures },
        null,
        2,
      ),
    );
    const met = recordFigures([
      {
        target: 'throughputFailures',
        value: failures + instance.errorLines.length,
        note:
          `${failures} failed requests and ${instance.errorLines.length} server error lines in ` +
          `${requests} requests (${routes.length} routes × ${rounds} round${rounds > 1 ? 's' : ''} of ${seconds} s, ours and bare), ${database}`,
      },
    ]);
    if (!met) process.exitCode = 1;
  } finally {
    await bare?.stop();
    await instance.stop();
    await peer.stop();
    rmSync(payloadDir, { recursive: true, force: true });
  }
}

await main();
