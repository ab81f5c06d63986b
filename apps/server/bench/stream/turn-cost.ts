/**
 * `node --import tsx apps/server/bench/stream/turn-cost.ts` (not a test, not part of `bench:stream`):
 * the database work of one chat turn on PGlite, counted in CPU time per thread rather than in wall
 * time, so that it can be compared on a machine other work keeps busy. In each round a burst of
 * BURST turns (the benchmark's 200 concurrent streams) is opened at once, as the chat route opens
 * them (the storage check's reading, as it comes due once a minute per workspace and user, then
 * `openChatTurn` with its reservation, on the free plan), their senders' names are read for the
 * live conversation (none known yet), then their replies are saved (`saveReply`, which settles the
 * reservation); the figures are the event loop's and PGlite's
 * thread's CPU per turn for each step, median of ROUNDS rounds (range), on a fresh database in a
 * temporary directory. DELETED_RESERVATIONS=n first gives each workspace n reservations made and
 * deleted, as n earlier turns leave them until a vacuum (e.g. `BURST=20 DELETED_RESERVATIONS=20000`);
 * VACUUM=1 then runs the database maintenance before the rounds (db/maintenance.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { maintainDatabase } from '../../src/db/maintenance.ts';
import { projects, users } from '../../src/db/schema.ts';
import pino from 'pino';
import { saveReply } from '../../src/modules/chat/service.ts';
import { WebhookEvents } from '../../src/modules/webhooks/events.ts';
import { WebhookQueue } from '../../src/modules/webhooks/queue.ts';
import { openChatTurn, type ChatTurn } from '../../src/modules/chat/turn.ts';
import { senderNames } from '../../src/modules/chat/live/sender.ts';
import { reservationTtlMs } from '../../src/modules/usage/reservations.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import { chatStorageCheck } from '../../src/modules/storage/service.ts';
import { STORAGE_QUOTA_BYTES } from '@redacta/shared';
import { threadCpuMs } from './processes.ts';
import { expectedText } from './protocol.ts';

const BURST = Number(process.env.BURST ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const usage = { freePlanWords: 2 ** 31 - 1 };

const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-turn-cost-'));
const before = new Set(threadCpuMs(process.pid).keys());
const database = await openDatabase({ dataDir });
const databaseThreads = [...threadCpuMs(process.pid).keys()].filter((tid) => !before.has(tid));
const { db } = database;
// No endpoint exists, so a saved reply only looks for one; the queue is never started.
const webhookEvents = new WebhookEvents(
  WebhookQueue.create(database, {
    schedule: { delaySeconds: 4, delayMaxSeconds: 14_400, retries: 16 },
    log: pino({ level: 'warn' }),
  }),
);

const accounts = await db.transaction(async (tx) => {
  const people = await tx
    .insert(users)
    .values(Array.from({ length: BURST }, (_, i) => ({ email: `turn${i}@example.com`, firstName: 'Turn' })))
    .returning();
  const made: { userId: string; workspaceId: string }[] = [];
  for (const user of people) {
    const workspace = await createPersonalWorkspace(tx, { id: user.id, email: user.email, locale: 'es' });
    made.push({ userId: user.id, workspaceId: workspace.id });
  }
  return made;
});

const deletedReservations = Number(process.env.DELETED_RESERVATIONS ?? 0);
for (const { userId, workspaceId } of accounts) {
  for (let made = 0; made < deletedReservations; made += 10_000) {
    const rows = Math.min(10_000, deletedReservations - made);
    await db.execute(sql`insert into word_reservations (workspace_id, user_id, kind, period, words, expires_at)
      select ${workspaceId}, ${userId}, 'chat', '2026-11', 10, now() - interval '1 day'
      from generate_series(1, ${rows})`);
    await db.execute(sql`delete from word_reservations where workspace_id = ${workspaceId}`);
  }
}
if (process.env.VACUUM === '1') await maintainDatabase(database);

/** CPU of the event loop and of PGlite's threads, in ms. */
function cpu() {
  const threads = threadCpuMs(process.pid);
  let databaseMs = 0;
  for (const tid of databaseThreads) databaseMs += threads.get(tid) ?? 0;
  return { eventLoop: threads.get(process.pid) ?? 0, database: databaseMs };
}

async function measured<T>(step: string, work: () => Promise<T>, into: Map<string, number[][]>): Promise<T> {
  const start = cpu();
  const result = await work();
  const end = cpu();
  const rows = into.get(step) ?? [[], []];
  rows[0]!.push((end.eventLoop - start.eventLoop) / BURST);
  rows[1]!.push((end.database - start.database) / BURST);
  into.set(step, rows);
  return result;
}

const figures = new Map<string, number[][]>();
for (let round = -1; round < ROUNDS; round += 1) {
  // Round -1 warms up (JIT, PGlite's caches, the functions' plans) and is not counted.
  const into = round < 0 ? new Map<string, number[][]>() : figures;
  const fresh = await db
    .insert(projects)
    .values(accounts.map((a, i) => ({ workspaceId: a.workspaceId, createdBy: a.userId, name: `Turn ${i}` })))
    .returning({ id: projects.id });
  // A check with no reading kept yet, as when each workspace's minute has passed: every one reads.
  const requireRoom = chatStorageCheck(db, STORAGE_QUOTA_BYTES);
  await measured(
    'storage check',
    () =>
      Promise.all(
        accounts.map((account) => requireRoom(account.userId, { ...account, message: 'Escribe un anuncio' })),
      ),
    into,
  );
  const turns: ChatTurn[] = await measured(
    'open_chat_turn',
    () =>
      Promise.all(
        accounts.map((account, i) =>
          openChatTurn(
            db,
            { ...account, projectId: fresh[i]!.id, message: 'Escribe un anuncio' },
            { ...usage, reservationTtlMs: reservationTtlMs(600_000) },
          ),
        ),
      ),
    into,
  );
  // A reader with nothing read yet, as after its minute: every name is looked up.
  const senderName = senderNames(db);
  await measured(
    'sender names',
    () => Promise.all(accounts.map((account) => senderName(account.userId))),
    into,
  );
  await measured(
    'save_chat_reply',
    () =>
      Promise.all(
        turns.map((turn, i) =>
          saveReply(
            db,
            {
              workspace: turn.workspace,
              projectId: fresh[i]!.id,
              userId: accounts[i]!.userId,
              requestId: turn.userEntryId,
              modelId: 'bench',
              demo: false,
              text: expectedText,
              status: 'complete',
              reservationId: turn.reservation?.id,
            },
            usage,
            webhookEvents,
          ),
        ),
      ),
    into,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (values: number[]) =>
  `${median(values).toFixed(3)} (${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)})`;
console.log(`CPU ms per turn, bursts of ${BURST}, median of ${ROUNDS} rounds (range)`);
for (const [step, [eventLoop, databaseMs]] of figures) {
  console.log(`${step.padEnd(16)} event loop ${show(eventLoop!)}   database thread ${show(databaseMs!)}`);
}
await database.close();
rmSync(dataDir, { recursive: true, force: true });
