import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, readParts } from '../chat/chat-helpers.ts';

let peer: OpenAIPeer;
let t: TestApp;
let base: string;
let ana: TestUser;

beforeEach(async () => {
  peer = await startOpenAIPeer();
  peer.script = { chunks: ['Listo.'] };
  t = await createTestApp(peerAppEnv(peer));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app);
});
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
  await peer.close();
});

async function systemPromptOfAReply(): Promise<string> {
  const projectId = await createProject(t.app, ana.workspaceId, ana.id);
  const res = await fetch(`${base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...ana.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: ana.workspaceId, projectId, message: 'Un anuncio de zapatillas' }),
  });
  await readParts(res);
  const messages = peer.requests.at(-1)!.body.messages;
  expect(messages[0]!.role).toBe('system');
  return String(messages[0]!.content);
}

describe('style rules in the model’s instructions', () => {
  it('gives the model the workspace’s rules for the reply’s language, and only those', async () => {
    expect(await systemPromptOfAReply()).not.toContain('style rules');

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/workspace/${ana.workspaceId}/style-rules`,
      headers: ana.auth,
      payload: {
        rules: [
          { kind: 'prefer', use: 'email', avoid: ['e-mail', 'mail'] },
          { kind: 'ban', phrase: 'revolucionario', language: 'es' },
          { kind: 'exact-case', term: 'Redacta Pro' },
          { kind: 'max-sentence-words', value: 20 },
          { kind: 'max-exclamations', value: 1 },
          { kind: 'ban', phrase: 'game-changer', language: 'en' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const system = await systemPromptOfAReply();
    expect(system).toContain('Write "email", never "e-mail" or "mail".');
    expect(system).toContain('Never use "revolucionario".');
    expect(system).toContain('Always write "Redacta Pro" with exactly this capitalisation.');
    expect(system).toContain('Keep every sentence to at most 20 words.');
    expect(system).toContain('Use at most 1 exclamation mark per paragraph.');
    expect(system).not.toContain('game-changer');
  });
});
