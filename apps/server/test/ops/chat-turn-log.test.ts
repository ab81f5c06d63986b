import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { resetDatabase, workerDatabase } from '../helpers/database.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import {
  createProject,
  eventually,
  readParts,
  readPartsThenStop,
  stopReplies,
} from '../chat/chat-helpers.ts';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [field: string]: unknown;
}

let peer: OpenAIPeer | undefined;
let app: App | undefined;
afterEach(async () => {
  app?.server.closeAllConnections();
  await app?.close();
  await peer?.close();
});

/** The real app on the worker's database and the OpenAI peer, its JSON log kept line by line. */
async function loggedApp(env: Record<string, string>) {
  const database = await workerDatabase();
  await resetDatabase(database);
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
  app = await buildApp({
    config,
    database: { ...database, close: async () => {} },
    logger: { level: 'info', stream },
  });
  await app.ready();
  return { app, raw, lines: () => raw.map((line) => JSON.parse(line) as LogLine) };
}

// Words that must never reach the log: the user's message and the model's reply are their content.
const MESSAGE = 'Mensajeprivado7f3a sobre zapatillas';
const REPLY = ['Respuestaprivada91c2', ' para', ' la', ' campaña.'];

it('each chat turn writes one JSON line at its end, with its request id, ids, model, words, duration and outcome, and no text of the conversation', async () => {
  peer = await startOpenAIPeer();
  // No idle timeout within the test: the aborted turn's model holds its connection after one piece
  // until the stop arrives, however long a busy machine takes to send it.
  const logged = await loggedApp(peerAppEnv(peer, { FREE_PLAN_WORDS: '7', AI_IDLE_TIMEOUT_MS: '60000' }));
  const base = await logged.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(logged.app);
  const projectId = await createProject(logged.app, user.workspaceId, user.id);
  const send = (
    requestId: string,
    body: Record<string, unknown> = {},
    signal?: AbortSignal,
    who: TestUser = user,
  ) =>
    fetch(`${base}/api/chat/send-request-stream`, {
      method: 'POST',
      headers: { ...who.auth, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ workspaceId: who.workspaceId, projectId, message: MESSAGE, ...body }),
      signal,
    });

  // complete: four words
  peer.queue = [{ chunks: REPLY, delayMs: 10 }];
  expect((await readParts(await send('turn-complete'))).at(-1)?.part.type).toBe('finish');
  // failed before the first token: the provider answers 500
  peer.queue = [{ status: 500, chunks: [] }];
  expect((await send('turn-failed')).status).toBe(502);
  // aborted: the sender stops it after the first piece (what arrived is saved and charged); the model
  // writes nothing more, so the turn keeps exactly one word and the dropped turn below has two left
  peer.queue = [{ chunks: REPLY, stallAfter: 1 }];
  const client = new AbortController();
  const stop = () => stopReplies(base, user, projectId);
  await readPartsThenStop(await send('turn-aborted', {}, client.signal), stop, client, 1);
  // Its words stay reserved until its reply is saved, which the turn's log line follows.
  await eventually(async () =>
    logged.lines().some((line) => line.msg === 'chat turn ended' && line.reqId === 'turn-aborted')
      ? true
      : undefined,
  );
  // failed mid-way: the provider's connection breaks after two pieces
  peer.queue = [{ chunks: REPLY, dropAfter: 2 }];
  expect((await readParts(await send('turn-dropped'))).at(-1)?.part.type).toBe('error');
  // refused: the month's seven words are used up; and a project that is not there
  const refused = await send('turn-refused');
  expect(refused.status).toBe(403);
  expect((await send('turn-missing', { projectId: randomUUID() })).status).toBe(404);

  const turnLines = () => logged.lines().filter((line) => line.msg === 'chat turn ended');
  await eventually(async () => (turnLines().length >= 6 ? true : undefined));
  const turns = turnLines();
  expect(turns.map((line) => line.reqId).sort()).toEqual(
    ['turn-aborted', 'turn-complete', 'turn-dropped', 'turn-failed', 'turn-missing', 'turn-refused'].sort(),
  );
  const turn = (reqId: string) => turns.find((line) => line.reqId === reqId)!;
  const ids = { workspaceId: user.workspaceId, projectId };
  expect(turn('turn-complete')).toMatchObject({
    ...ids,
    level: 30,
    model: 'peer-standard',
    outcome: 'complete',
    words: 4,
    durationMs: expect.any(Number),
  });
  expect(turn('turn-failed')).toMatchObject({ ...ids, outcome: 'failed', reason: 'provider', words: 0 });
  expect(turn('turn-aborted')).toMatchObject({ ...ids, outcome: 'aborted', words: 1 });
  expect(turn('turn-dropped')).toMatchObject({ ...ids, outcome: 'failed', reason: 'provider', words: 2 });
  expect(turn('turn-refused')).toMatchObject({
    ...ids,
    outcome: 'refused',
    reason: 'NO_WORDS_LEFT',
    words: 0,
  });
  expect(turn('turn-missing')).toMatchObject({ outcome: 'refused', reason: 'NOT_FOUND', words: 0 });
  for (const line of turns) expect(line.durationMs).toBeGreaterThanOrEqual(0);

  // Nothing in the whole log, warnings about the failed calls included, quotes the conversation.
  for (const line of logged.raw) {
    expect(line).not.toContain('Mensajeprivado');
    expect(line).not.toContain('Respuestaprivada');
  }
}, 120_000);
