/**
 * The live-document server under test: the real app (auth, database, Hocuspocus on /api/collab) in a
 * process of its own, started by run.ts with an IPC channel. PGlite in a temporary DATA_DIR, or with
 * BENCH_DATABASE_URL=postgres://… a throwaway database on that PostgreSQL server.
 *
 * Seeded as a team would use it: one workspace with BENCH_EDITORS members (one signed-in user per
 * editor, so every connection authenticates as someone else) and BENCH_DOCUMENTS projects shared with
 * the workspace, each with the same realistic document (see seedContent). Answers run.ts's requests
 * over IPC: `memory` (after full garbage collections, once it holds still: settledMemory) and `counts`
 * (open documents, connections).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { documents, memberships, projects, users } from '../../src/db/schema.ts';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import { startBenchApp } from '../stream/bench-app.ts';
import {
  seedContent,
  type ControlRequest,
  type ControlAnswer,
  type ServerMemory,
  type ServerReady,
} from './protocol.ts';
import { retained } from './report.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const editorCount = Number(process.env.BENCH_EDITORS ?? 200);
const documentCount = Number(process.env.BENCH_DOCUMENTS ?? 50);
const { app, config, port, database, begin } = await startBenchApp('collab');

const { userIds, projectIds } = await app.db.transaction(async (tx) => {
  const people = await tx
    .insert(users)
    .values(
      Array.from({ length: editorCount }, (_, i) => ({
        email: `editor${i}@example.com`,
        firstName: 'Editor',
      })),
    )
    .returning({ id: users.id, email: users.email });
  const owner = people[0]!;
  const team = await createPersonalWorkspace(tx, { ...owner, locale: 'es' });
  await tx
    .insert(memberships)
    .values(
      people.slice(1).map((person) => ({ workspaceId: team.id, userId: person.id, role: 'member' as const })),
    );
  const rows = await tx
    .insert(projects)
    .values(
      Array.from({ length: documentCount }, (_, i) => ({
        workspaceId: team.id,
        createdBy: owner.id,
        name: `Bench ${i}`,
        isShared: true,
      })),
    )
    .returning({ id: projects.id });
  await tx.insert(documents).values(rows.map((row) => ({ projectId: row.id, content: seedContent })));
  return { userIds: people.map((person) => person.id), projectIds: rows.map((row) => row.id) };
});
const tokens = await Promise.all(
  userIds.map((userId) => signAccessToken(config.JWT_SECRET, { userId, sessionId: randomUUID() })),
);

/** Two readings in a row this close (retained bytes, ~1 KB a document at 50 documents) are memory at rest. */
const SETTLED_BYTES = 64 * 1024;
const MAX_COLLECTIONS = 10;

function reading(): ServerMemory {
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  // Compiled code grows as new paths warm up, once for the process, not per document.
  const code = getHeapSpaceStatistics()
    .filter((space) => space.space_name.startsWith('code'))
    .reduce((sum, space) => sum + space.space_used_size, 0);
  return { heapUsed, code, external, arrayBuffers, rss };
}

/**
 * Memory after full collections, once it holds still. A reading after a single collection counted
 * garbage: V8 frees dead ArrayBuffers on a background thread after a collection and lowers its
 * external count only once that is done, so `external` still held the buffers of the last messages
 * and stores, by 0.5 to 4.5 MB at 200 editors (10 to 90 KB a document), more the more traffic since
 * the previous collection, and objects kept for weak references and finalizers go one collection
 * later. Every reading (the base before a level's documents are opened too) is therefore taken the
 * same way: collect, let the event loop turn, collect again, until two readings in a row agree.
 */
async function settledMemory(): Promise<ServerMemory> {
  collectGarbage();
  let last = reading();
  for (let collections = 1; collections < MAX_COLLECTIONS; collections += 1) {
    await setTimeout(50);
    collectGarbage();
    const next = reading();
    const moved = Math.abs(retained(next) - retained(last));
    last = next;
    if (moved <= SETTLED_BYTES) break;
  }
  return last;
}

async function answer(request: ControlRequest): Promise<ControlAnswer> {
  if (request === 'counts') return { counts: app.collab.counts() };
  return { memory: await settledMemory() };
}
process.on('message', async (request: ControlRequest) => process.send!(await answer(request)));

// BENCH_CPU_PROF=<dir> / BENCH_HEAP_PROF=<dir>: a profile of the whole run, written on SIGTERM.
await begin('collab');

const ready: ServerReady = {
  port,
  tokens,
  projectIds,
  database,
};
process.send!({ ready });
