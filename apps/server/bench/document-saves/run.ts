/**
 * `npm run bench:document-saves` (a benchmark, not a test; figures in docs/benchmarks.md): whether one
 * user saving big documents slows everybody else. One production-like instance (../capacity/instance.ts);
 * a free user fires 16 concurrent saves of a 1 MB document while another user asks for their workspace
 * list again and again, each answer timed. Rounds alternate quiet (the list alone) and loaded (the list
 * during the saves), so both see the same machine; the figures pool the rounds: median and maximum of
 * the list's latency in each condition, and how the saves were answered. Every loaded round uses a
 * fresh saver, so the per-user save limit never turns the load away before it reaches the server.
 * Target (../check/targets.ts: documentSavesOthersP99): the p99 of the list during the saves, over every
 * loaded round; exits non-zero on a miss or a server error line. A run takes under a minute, so its
 * brief run (BENCH_BRIEF=1) is the same run.
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
  const instance = await startInstance<{ reader: Member; savers: Member[] }>({
    database,
    modelUrl: peer.ready.url as string,
    seed: async (db) => ({
      reader: await seedFreeMember(db, 'bench-reader@example.com'),
      savers: await Promise.all(
        Array.from({ length: rounds }, (_, i) => seedFreeMember(db, `bench-saver-${i}@example.com`)),
      ),
    }),
  });
  try {
    const { reader, savers } = instance.seeded;
    const readerAuth = { authorization: `Bearer ${(await instance.signIn(reader.email)).accessToken}` };
    const listUrl = `${instance.url}/api/workspace/list`;
    // Based on a time after any change: every save replaces the document, none is refused as stale.
    const body = JSON.stringify({ content: bigDocument(), updatedAt: '2100-01-01T00:00:00.000Z' });
    console.log(`each save carries ${(Buffer.byteLength(body) / 1024 / 1024).toFixed(2)} MiB`);

    // Unmeasured warm-up (JIT, connections, the database's caches).
    for (let i = 0; i < 20; i += 1) await timedGet(listUrl, readerAuth);

    const quiet: number[] = [];
    const loaded: number[] = [];
    const answers: Record<string, number> = {};
    const saveSeconds: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (let i = 0; i < 10; i += 1) quiet.push(await timedGet(listUrl, readerAuth));

      const saver = savers[round]!;
      const saverAuth = { authorization: `Bearer ${(await instance.signIn(saver.email)).accessToken}` };
      const started = performance.now();
      let running = true;
      const saving = Promise.all(
        Array.from({ length: saves }, () =>
          fetch(`${instance.url}/api/project/${saver.projectId}/document`, {
            method: 'PATCH',
            headers: { ...saverAuth, 'content-type': 'application/json' },
            body,
          }).then(async (res) => {
            await res.arrayBuffer();
            answers[res.status] = (answers[res.status] ?? 0) + 1;
          }),
        ),
      ).finally(() => {
        running = false;
        saveSeconds.push((performance.now() - started) / 1000);
      });
      while (running) loaded.push(await timedGet(listUrl, readerAuth));
      await saving;
    }

    const result = {
      setup: { database, rounds, saves, documentBytes: Buffer.byteLength(body), node: process.version },
      workspaceList: {
        quiet: { requests: quiet.length, medianMs: round1(median(quiet)), maxMs: round1(Math.max(...quiet)) },
        loaded: {
          requests: loaded.length,
          medianMs: round1(median(loaded)),
          p99Ms: loaded.length ? round1(percentile(loaded, 99)) : null,
          maxMs: round1(Math.max(...loaded)),
        },
      },
      saves: { answers, medianSecondsPerRound: round1(median(saveSeconds)) },
      loadAverage: loadAverage(),
    };
    console.log(JSON.stringify(result, null, 2));
    const met = recordFigures([
      {
        target: 'documentSavesOthersP99',
        value: result.workspaceList.loaded.p99Ms,
        note:
          `${loaded.length} workspace lists over ${rounds} rounds of ${saves} saves, ${database} ` +
          `(median ${result.workspaceList.loaded.medianMs} ms; quiet ${result.workspaceList.quiet.medianMs} ms)`,
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
