/**
 * The live-document server under test: the real app (auth, database, Hocuspocus on /api/collab) in a
 * process of its own, started by run.ts with an IPC channel. PGlite in a temporary DATA_DIR, or with
 * BENCH_DATABASE_URL=postgres://… a throwaway database on that PostgreSQL server.
 *
 * Seeded as a team would use it: one workspace with BENCH_EDITORS members (one signed-in user per
 * editor, so every connection authenticates as someone else) and BENCH_DOCUMENTS projects shared with
 * the workspace, each with the same realistic document (see seedContent). Answers run.ts's requests
 * over IPC: `memory` (after a full garbage collection) and `counts` (open documents, connections).
 */
import { randomUUID } from 'node:crypto';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { documents, memberships, projects, users } from '../../src/db/schema.ts';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import { startBenchApp } from '../stream/bench-app.ts';
import { seedContent, type ControlRequest, type ControlAnswer, type ServerReady } from './protocol.ts';

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

function answer(request: ControlRequest): ControlAnswer {
  if (request === 'counts') return { counts: app.collab.counts() };
  collectGarbage();
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  // Compiled code grows as new paths warm up, once for the process, not per document.
  const code = getHeapSpaceStatistics()
    .filter((space) => space.space_name.startsWith('code'))
    .reduce((sum, space) => sum + space.space_used_size, 0);
  return { memory: { heapUsed, code, external, arrayBuffers, rss } };
}
process.on('message', (request: ControlRequest) => process.send!(answer(request)));

// BENCH_CPU_PROF=<dir> / BENCH_HEAP_PROF=<dir>: a profile of the whole run, written on SIGTERM.
await begin('collab');

const ready: ServerReady = {
  port,
  tokens,
  projectIds,
  database,
};
process.send!({ ready });
