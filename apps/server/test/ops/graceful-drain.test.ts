import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { countWords, type ChatStreamPart } from '@redacta/shared';
import { conversationEntries, projects, usageCounters, wordReservations } from '../../src/db/schema.ts';
import { defaultProjectName } from '../../src/modules/projects/service.ts';
import { peerAppEnv } from '../helpers/openai-peer.ts';
import { childServerRun, createProjectOver, signUpOver } from './child-server.ts';

const run = childServerRun('drain');

/** A chat stream read as it arrives: its parts, and how it ended (a last part, or the connection cut). */
function readStream(response: Response) {
  const parts: ChatStreamPart[] = [];
  let textArrived!: () => void;
  const firstText = new Promise<void>((resolve) => (textArrived = resolve));
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body!) {
        buffered += decoder.decode(chunk, { stream: true });
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          if (!line) continue;
          const part = JSON.parse(line) as ChatStreamPart;
          parts.push(part);
          if (part.type === 'text') textArrived();
        }
      }
    } catch {
      return 'cut' as const;
    }
    const last = parts.at(-1)?.type;
    return last === 'finish' || last === 'error' || last === 'aborted' ? last : ('cut' as const);
  })();
  const text = () => parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { parts, firstText, ended, text };
}

it('on SIGTERM stops taking requests, lets a reply that fits the grace finish, aborts the other one saved and charged once, takes back a message still waiting for its first token and tells its client to send it again, closes the database and exits 0', async () => {
  const peer = await run.openAIPeer();
  const sink = await run.smtpSink();
  const database = await run.database();
  const shortReply = ['Una', ' frase', ' corta', ' que', ' termina', ' pronto', ' y', ' bien.'];
  const longReply = Array.from({ length: 120 }, (_, i) => ` palabra${i}`);
  // The first request gets the long reply (~36 s, far beyond the grace); the second waits for its
  // first token longer than the grace; the third gets the short reply (~2 s after its first piece:
  // still streaming when the signal comes, done well within the grace).
  peer.queue = [
    { chunks: longReply, delayMs: 300 },
    { chunks: ['Tarde.'], delayMs: 50_000 },
    { chunks: shortReply, delayMs: 300 },
  ];
  const server = await run.server({
    ...database.env,
    ...peerAppEnv(peer, {
      SHUTDOWN_GRACE_MS: '8000',
      // Three replies at once, each reserving its full share of words.
      FREE_PLAN_WORDS: '10000',
      AI_FIRST_TOKEN_TIMEOUT_MS: '60000',
      AI_IDLE_TIMEOUT_MS: '20000',
    }),
    SMTP_URL: sink.url,
    // Redis as several instances use it (rate-limit counters): the drain closes it too. Its counters
    // outlive the run and other suites sign in from 127.0.0.1 as well: keep the limits out of the way.
    REDIS_URL: 'redis://127.0.0.1:6379',
    RATE_LIMIT_CODE_REQUESTS_PER_HOUR: '1000',
    RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN: '1000',
  });
  const { url } = server;
  const { auth, workspaceId } = await signUpOver(url, sink, 'drain@example.com');
  const shortProject = await createProjectOver(url, auth, workspaceId);
  const longProject = await createProjectOver(url, auth, workspaceId);
  const waitingProject = await createProjectOver(url, auth, workspaceId);
  const send = (projectId: string) =>
    fetch(`${url}/api/chat/send-request-stream`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId, projectId, message: 'Escribe un anuncio' }),
    });

  const long = readStream(await send(longProject));
  await long.firstText;
  const waiting = send(waitingProject);
  await expect.poll(() => peer.requests.length).toBe(2);
  const short = readStream(await send(shortProject));
  await short.firstText;
  expect(short.parts.at(-1)?.type).toBe('text');

  server.process.kill('SIGTERM');
  await server.logged((line) => line.msg === 'shutting down');
  // Not ready at once: /readyz answers 503 or no longer connects; a new chat is not taken.
  const ready = await fetch(`${url}/readyz`).then(
    (res) => res.status,
    () => 'refused',
  );
  expect([503, 'refused']).toContain(ready);
  const late = await send(shortProject).then(
    (res) => res.status,
    () => 'refused',
  );
  expect([503, 'refused']).toContain(late);

  // The short reply finishes within the grace, whole; the long one is stopped when the grace runs out,
  // and its stream says so.
  expect(await short.ended).toBe('finish');
  expect(short.text()).toBe(shortReply.join(''));
  expect(await long.ended).toBe('aborted');
  const received = long.text();
  expect(received.length).toBeGreaterThan(0);
  // A request still waiting for its first token is told to send again (another instance answers).
  const refused = await waiting;
  expect(refused.status).toBe(503);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('AI_PROVIDER_ERROR');

  expect(await server.exited, server.output()).toBe(0);
  await server.logged((line) => line.msg === 'grace period over: aborting the chat replies still open');
  expect((await peer.ended(1)).closedByClient).toBe(true);
  const turns = server.lines.filter((line) => line.msg === 'chat turn ended');
  expect(turns.map((line) => [line.projectId, line.outcome])).toEqual(
    expect.arrayContaining([
      [shortProject, 'complete'],
      [longProject, 'aborted'],
      [waitingProject, 'aborted'],
    ]),
  );

  // What the stopped server left in its database: each reply saved once, the aborted one with the
  // text it had, and the workspace charged exactly the words of both.
  const db = await database.open();
  try {
    const repliesOf = (projectId: string) =>
      db.db
        .select({ content: conversationEntries.content, status: conversationEntries.status })
        .from(conversationEntries)
        .where(and(eq(conversationEntries.projectId, projectId), eq(conversationEntries.role, 'assistant')));
    expect(await repliesOf(shortProject)).toEqual([{ content: shortReply.join(''), status: 'complete' }]);
    const [aborted, ...others] = await repliesOf(longProject);
    expect(others).toEqual([]);
    expect(aborted!.status).toBe('aborted');
    expect(aborted!.content.startsWith(received)).toBe(true);
    expect(aborted!.content.length).toBeLessThan(longReply.join('').length);
    const [usage] = await db.db
      .select({ wordCount: usageCounters.wordCount })
      .from(usageCounters)
      .where(eq(usageCounters.workspaceId, workspaceId));
    expect(usage!.wordCount).toBe(countWords(shortReply.join('')) + countWords(aborted!.content));
    // Every reply's reservation ended with it, the one taken back included: nothing waits for an expiry.
    expect(
      await db.db.select().from(wordReservations).where(eq(wordReservations.workspaceId, workspaceId)),
    ).toEqual([]);
    // The request that got no token was taken back, so that sending it again saves it once: no entry
    // left, and the project has the name it had before that message named it.
    const entries = await db.db
      .select({ role: conversationEntries.role })
      .from(conversationEntries)
      .where(eq(conversationEntries.projectId, waitingProject));
    expect(entries).toEqual([]);
    const [waitingRow] = await db.db
      .select({ name: projects.name, nameIsDefault: projects.nameIsDefault, createdAt: projects.createdAt })
      .from(projects)
      .where(eq(projects.id, waitingProject));
    expect(waitingRow).toEqual({
      name: defaultProjectName('es', waitingRow!.createdAt),
      nameIsDefault: true,
      createdAt: waitingRow!.createdAt,
    });
    const [namedRow] = await db.db
      .select({ nameIsDefault: projects.nameIsDefault })
      .from(projects)
      .where(eq(projects.id, shortProject));
    expect(namedRow).toEqual({ nameIsDefault: false });
  } finally {
    await db.close();
  }
}, 180_000);

it.each(['SIGTERM', 'SIGINT'] as const)(
  'npm start passes %s to the server, which lets the reply in progress finish and exits 0',
  async (signal) => {
    const reply = Array.from({ length: 10 }, (_, i) => ` frase${i}`);
    const peer = await run.openAIPeer({ chunks: reply, delayMs: 200 });
    const sink = await run.smtpSink();
    const database = await run.database();
    const server = await run.server(
      {
        ...database.env,
        // No web build: the start script serves another directory and builds nothing.
        WEB_DIST_DIR: path.join(run.dataDir, 'no-web-app'),
        ...peerAppEnv(peer, {
          SHUTDOWN_GRACE_MS: '20000',
          AI_FIRST_TOKEN_TIMEOUT_MS: '20000',
          AI_IDLE_TIMEOUT_MS: '20000',
        }),
        SMTP_URL: sink.url,
      },
      'npm start',
    );
    const { url } = server;
    const { auth, workspaceId } = await signUpOver(
      url,
      sink,
      `drain-npm-${signal.toLowerCase()}@example.com`,
    );
    const projectId = await createProjectOver(url, auth, workspaceId);
    const response = await fetch(`${url}/api/chat/send-request-stream`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId, projectId, message: 'Escribe un anuncio' }),
    });
    const stream = readStream(response);
    await stream.firstText;

    // The signal goes to npm, as a process manager (or a terminal's Ctrl-C) sends it; the server is two
    // processes below.
    server.process.kill(signal);
    expect(await stream.ended).toBe('finish');
    expect(stream.text()).toBe(reply.join(''));
    await server.logged((line) => line.msg === 'stopped');
    expect(await server.exited, server.output()).toBe(0);
  },
  180_000,
);
