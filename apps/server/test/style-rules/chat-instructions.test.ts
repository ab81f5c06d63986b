import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, readParts } from '../chat/chat-helpers.ts';
import { saveStyleRules } from './style-rules-helpers.ts';

let peer: OpenAIPeer;
let t: ListeningApp;

beforeEach(async () => {
  peer = await startOpenAIPeer();
  peer.script = { chunks: ['Listo.'] };
  t = await listeningApp(peerAppEnv(peer));
});
afterEach(async () => {
  await t.close();
  await peer.close();
});

async function systemPromptOfAReply(): Promise<string> {
  const { base, ana } = t;
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

    await saveStyleRules(t.app, t.ana, [
      { kind: 'prefer', use: 'email', avoid: ['e-mail', 'mail'] },
      { kind: 'ban', phrase: 'revolucionario', language: 'es' },
      { kind: 'exact-case', term: 'Redacta Pro' },
      { kind: 'max-sentence-words', value: 20 },
      { kind: 'max-exclamations', value: 1 },
      { kind: 'ban', phrase: 'game-changer', language: 'en' },
    ]);

    const system = await systemPromptOfAReply();
    expect(system).toContain('Write "email", never "e-mail" or "mail".');
    expect(system).toContain('Never use "revolucionario".');
    expect(system).toContain('Always write "Redacta Pro" with exactly this capitalisation.');
    expect(system).toContain('Keep every sentence to at most 20 words.');
    expect(system).toContain('Use at most 1 exclamation mark per paragraph.');
    expect(system).not.toContain('game-changer');
  });
});
