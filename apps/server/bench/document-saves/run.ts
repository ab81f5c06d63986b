/**
 * `npm run bench:document-saves` (a benchmark, not a test; figures in docs/benchmarks.md): whether
 * big document saves slow everybody else. One production-like instance (../capacity/instance.ts);
 * 16 concurrent saves of a 1 MB document, sent by one free user or by 16 free users one each, while
 * another user asks for their workspace list again and again, each answer timed. Each round has a
 * quiet part (the list alone) and both loaded parts (the list during the saves), in turns, so all see
 * the same machine; the figures pool the rounds: median and maximum of the list's latency in each
 * condition, and how the saves were answered. Every loaded part has savers of its own, so the
 * per-user save limit never turns the load away before it reaches the server.
 * Target (../check/targets.ts: documentSavesOthersP99): the p99 of the list during the saves, over
 * every loaded part; exits non-zero on a miss or a server error line. A run takes about a minute, so
 * its brief run (BENCH_BRIEF=1) is the same run.
 * Flags: --rounds (5), --saves (16), --database pglite|postgres.
 */
import { randomBytes } from 'node:crypto';
import { DOCUMENT_MAX_BYTES, type DocumentContent } from '@redacta/shared';
import { documents, projects, users } from '../../src/db/schema.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import type { Db } from '../../src/db/client.ts';
import { databaseFromArgs, loadAverage, numberArg, startInstance } from '../capacity/instance.ts';
import { recordFigures } from '../check/figures.ts';
import { startChild } from '../stream/processes.ts';

const rounds = numberArg('rounds', 5);
const saves = numberArg('saves', 16);
const database = databaseFromArgs();

interface Member {
  email: string;
  projectId: string;
}

async function seedFreeMember(db: Db, email: string): Promise<Member> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, firstName: 'Bench', lastName: 'Saves', locale: 'es' })
      .returning({ id: users.id });
    const workspace = await createPersonalWorkspace(tx, { id: user!.id, email, locale: 'es' });
    const [project] = await tx
      .insert(projects)
      .values({ workspaceId: workspace.id, createdBy: user!.id, name: 'Documento grande' })
      .returning({ id: projects.id });
    await tx.insert(documents).values({ projectId: project!.id, content: { type: 'doc', content: [] } });
    return { email, projectId: project!.id };
  });
}

/** A document of plain paragraphs whose JSON is just under the size limit, text that does not compress. */
function bigDocument(): DocumentContent {
  const paragraphs: { type: string; content: { type: string; text: string }[] }[] = [];
  const paragraphBytes = 2000;
  const count = Math.floor((DOCUMENT_MAX_BYTES - 2000) / (paragraphBytes + 60));
  for (let i = 0; i < count; i += 1) {
    const text = randomBytes((paragraphBytes * 3) / 4).toString('base64');
    paragraphs.push({ type: 'paragraph', content: [{ type: 'text', text }] });
  }
  return { type: 'doc', content: paragraphs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const round1 = (value: number) => Math.round(value * 10) / 10;
/** Nearest rank: with fewer than 100 requests the p99 is the slowest. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

async function main() {
  console.log(
    `document saves: ${database}, ${rounds} rounds of ${saves} saves; load average ${loadAverage()}`,
  );
  const peer = await startChild('../capacity/model-peer.ts', { PEER_TOKENS: '1', PEER_DELAY_MS: '0' });
  const instance = await startInstance<{ reader: Member; savers: Member[]; crowd: Member[] }>({
    database,
    modelUrl: peer.ready.url as string,
    seed: async (db) => ({
      reader: await seedFreeMember(db, 'bench-reader@example.com'),
      savers: await Promise.all(
        Array.from({ length: rounds }, (_, i) => seedFreeMember(db, `bench-saver-${i}@example.com`)),
      ),
      // Each many-users part has `saves` people of its own, one save each.
      crowd: await Promise.all(
        Array.from({ length: rounds * saves }, (_, i) => seedFreeMember(db, `bench-crowd-${i}@example.com`)),
      ),
    }),
  });
  try {
    const { reader, savers, crowd } = instance.seeded;
    const auth = async (member: Member) => ({
      member,
      headers: { authorization: `Bearer ${(await instance.signIn(member.email)).accessToken}` },
    });
    const readerAuth = (await auth(reader)).headers;
    const listUrl = `${instance.url}/api/workspace/list`;
    // Based on a time after any change: every save replaces the document, none is refused as stale.
    const body = JSON.stringify({ content: bigDocument(), updatedAt: '2100-01-01T00:00:00.000Z' });
    console.log(`each save carries ${(Buffer.byteLength(body) / 1024 / 1024).toFixed(2)} MiB`);
    const saversAuth = await Promise.all(savers.map(auth));
    const crowdAuth = await Promise.all(crowd.map(auth));

    // Unmeasured warm-up (JIT, connections, the database's caches).
    for (let i = 0; i < 20; i += 1) await timedGet(listUrl, readerAuth);

    const quiet: number[] = [];
    const loaded = { oneUser: [] as number[], manyUsers: [] as number[] };
    const answers: Record<string, number> = {};
    const saveSeconds: number[] = [];
    /** The saves of one loaded part, all at once, with the list asked for until they are answered. */
    async function loadedPart(from: Awaited<ReturnType<typeof auth>>[], into: number[]) {
      const started = performance.now();
      let running = true;
      const saving = Promise.all(
        Array.from({ length: saves }, (_, i) => {
          const { member, headers } = from[i % from.length]!;
          return fetch(`${instance.url}/api/project/${member.projectId}/document`, {
            method: 'PATCH',
            headers: { ...headers, 'content-type': 'application/json' },
            body,
          }).then(async (res) => {
            await res.arrayBuffer();
            answers[res.status] = (answers[res.status] ?? 0) + 1;
          });
        }),
      ).finally(() => {
        running = false;
        saveSeconds.push((performance.now() - started) / 1000);
      });
      while (running) into.push(await timedGet(listUrl, readerAuth));
      await saving;
    }
    for (let round = 0; round < rounds; round += 1) {
      for (let i = 0; i < 10; i += 1) quiet.push(await timedGet(listUrl, readerAuth));
      const parts = [
        () => loadedPart([saversAuth[round]!], loaded.oneUser),
        () => loadedPart(crowdAuth.slice(round * saves, (round + 1) * saves), loaded.manyUsers),
      ];
      // Which part goes first takes turns, so neither always finds the machine after the other.
      if (round % 2) parts.reverse();
      for (const part of parts) await part();
    }
    const all = [...loaded.oneUser, ...loaded.manyUsers];
    const describe = (values: number[]) => ({
      requests: values.length,
      medianMs: values.length ? round1(median(values)) : null,
      p99Ms: values.length ? round1(percentile(values, 99)) : null,
      maxMs: values.length ? round1(Math.max(...values)) : null,
    });

    const result = {
      setup: { database, rounds, saves, documentBytes: Buffer.byteLength(body), node: process.version },
      workspaceList: {
        quiet: describe(quiet),
        duringOneUsersSaves: describe(loaded.oneUser),
        duringManyUsersSaves: describe(loaded.manyUsers),
        duringAll: describe(all),
      },
      saves: { answers, medianSecondsPerPart: round1(median(saveSeconds)) },
      loadAverage: loadAverage(),
    };
    console.log(JSON.stringify(result, null, 2));
    const { workspaceList: list } = result;
    const met = recordFigures([
      {
        target: 'documentSavesOthersP99',
        value: list.duringAll.p99Ms,
        note:
          `${all.length} workspace lists over ${rounds} rounds of ${saves} saves by one user and by ${saves}, ` +
          `${database} (p99 ${list.duringOneUsersSaves.p99Ms} and ${list.duringManyUsersSaves.p99Ms} ms; ` +
          `median ${list.duringAll.medianMs} ms; quiet ${list.quiet.medianMs} ms; load ${result.loadAverage})`,
      },
    ]);
    if (instance.errorLines.length > 0) console.error(instance.errorLines.slice(0, 5).join('\n'));
    if (!met || instance.errorLines.length > 0) process.exitCode = 1;
  } finally {
    await instance.stop();
    await peer.stop();
  }
}

await main();
