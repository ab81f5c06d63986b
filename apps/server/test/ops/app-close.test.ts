import { afterEach, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer, type PeerScript } from '../helpers/openai-peer.ts';
import { createProject, entries, readParts } from '../chat/chat-helpers.ts';

let peer: OpenAIPeer | undefined;
afterEach(async () => {
  await peer?.close();
});

/**
 * An app whose model answers with `script`, and a reply started in it: resolves once the reply's first
 * text has arrived and its client has left (the reply goes on without it), with what it takes to read
 * the conversation afterwards.
 */
async function replyInProgress(script: PeerScript, env: Record<string, string>) {
  peer = await startOpenAIPeer(script);
  // No idle timeout within the test: only the close may end a reply that waits.
  const t = await createTestApp(peerAppEnv(peer, { AI_IDLE_TIMEOUT_MS: '60000', ...env }));
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app);
  const projectId = await createProject(t.app, user.workspaceId, user.id);
  const client = new AbortController();
  const res = await fetch(`${base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: user.workspaceId, projectId, message: 'Escribe un eslogan' }),
    signal: client.signal,
  });
  expect(res.status).toBe(200);
  await readParts(res, (part) => part.type === 'text');
  client.abort();
  return { app: t.app, projectId };
}

it('closing the app stops a reply still being written and has saved it, stopped, when the close ends', async () => {
  const { app, projectId } = await replyInProgress(
    { chunks: ['Primera', ' parte', ' nunca', ' escrita'], stallAfter: 1 },
    { SHUTDOWN_GRACE_MS: '0' },
  );
  await app.close();
  const saved = await entries(app, projectId);
  expect(saved.map(({ role, status, content }) => ({ role, status, content }))).toEqual([
    { role: 'user', status: 'complete', content: 'Escribe un eslogan' },
    { role: 'assistant', status: 'aborted', content: 'Primera' },
  ]);
});

it('a reply that ends within the grace is written to its end before the close ends', async () => {
  const { app, projectId } = await replyInProgress(
    { chunks: ['Sol', ' y', ' mar', ' en', ' tu', ' marca.'], delayMs: 150 },
    { SHUTDOWN_GRACE_MS: '20000' },
  );
  await app.close();
  const saved = await entries(app, projectId);
  expect(saved.at(-1)).toMatchObject({
    role: 'assistant',
    status: 'complete',
    content: 'Sol y mar en tu marca.',
  });
});
