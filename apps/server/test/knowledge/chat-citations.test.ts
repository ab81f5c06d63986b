import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamPart } from '@redacta/shared';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, readParts } from '../chat/chat-helpers.ts';
import { addAcmeGuide } from './knowledge-helpers.ts';

let t: ListeningApp;
let peer: OpenAIPeer | undefined;
afterEach(async () => {
  await t.close();
  await peer?.close();
  peer = undefined;
});

async function start(env: Record<string, string> = {}) {
  t = await listeningApp(env);
  const { ana, projectId } = t;
  const source = await addAcmeGuide(t.app, ana);
  return { ana, projectId, knowledgeId: source.id };
}

async function send(user: TestUser, projectId: string, body: Record<string, unknown>) {
  const res = await fetch(`${t.base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: user.workspaceId, projectId, ...body }),
  });
  expect(res.status).toBe(200);
  return (await readParts(res)).map((p) => p.part);
}

const textOf = (parts: ChatStreamPart[]) =>
  parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

async function conversation(user: TestUser, projectId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/project/${projectId}/conversation`,
    headers: user.auth,
  });
  return res.json().entries as { role: string; sources?: unknown[] }[];
}

describe('knowledge in the chat', () => {
  it('gives the model the best passages to cite, streams the sources before the text and keeps them with the reply', async () => {
    peer = await startOpenAIPeer({ chunks: ['El Plan Pro', ' cuesta 49 € [1].'] });
    const { ana, projectId, knowledgeId } = await start(peerAppEnv(peer));

    const parts = await send(ana, projectId, { message: 'Anuncio sobre el precio del Plan Pro' });
    const types = parts.map((part) => part.type);
    expect(types.slice(0, 3)).toEqual(['start', 'sources', 'text']);
    expect(types.filter((type) => type === 'sources')).toHaveLength(1);
    expect(types.at(-1)).toBe('finish');
    expect(textOf(parts)).toBe('El Plan Pro cuesta 49 € [1].');
    const sources = parts[1]!.type === 'sources' ? parts[1]!.sources : [];
    expect(sources[0]).toMatchObject({
      n: 1,
      knowledgeId,
      name: 'guia.md',
      locator: { headings: ['Precios'] },
    });
    expect(sources[0]!.excerpt).toContain('49 euros al mes');

    const system = String(peer.requests[0]!.body.messages[0]!.content);
    expect(system).toContain('El Plan Pro de Acme cuesta 49 euros al mes');
    expect(system).toMatch(/cite .* as \[1\], \[2\]/);
    expect(system).toContain('<source n="1" name="guia.md">');

    const reply = (await conversation(ana, projectId)).find((entry) => entry.role === 'assistant');
    expect(reply?.sources).toEqual(sources);
  });

  it('leaves the knowledge out when the request turns it off, and never uses another workspace’s', async () => {
    peer = await startOpenAIPeer({ chunks: ['Hola.'] });
    const { ana, projectId } = await start(peerAppEnv(peer));
    const off = await send(ana, projectId, { message: 'Precio del Plan Pro', useKnowledge: false });
    expect(off.map((part) => part.type)).toEqual(['start', 'text', 'finish']);
    expect(String(peer.requests[0]!.body.messages[0]!.content)).not.toContain('49 euros');
    // Regenerating carries the composer's choice too: off stays off, on cites.
    const replyId = off.find((part) => part.type === 'finish')!;
    const entryId = replyId.type === 'finish' ? replyId.messageId : '';
    const again = await send(ana, projectId, { regenerate: { entryId }, useKnowledge: false });
    expect(again.map((part) => part.type)).toEqual(['start', 'text', 'finish']);
    expect(String(peer.requests[1]!.body.messages[0]!.content)).not.toContain('49 euros');
    const cited = await send(ana, projectId, { regenerate: { entryId }, useKnowledge: true });
    expect(cited.map((part) => part.type).slice(0, 2)).toEqual(['start', 'sources']);
    expect(String(peer.requests[2]!.body.messages[0]!.content)).toContain('49 euros');

    const bea = await createUser(t.app);
    const beaProject = await createProject(t.app, bea.workspaceId, bea.id);
    const foreign = await send(bea, beaProject, { message: 'Precio del Plan Pro' });
    expect(foreign.map((part) => part.type)).toEqual(['start', 'text', 'finish']);
    expect(String(peer.requests[3]!.body.messages[0]!.content)).not.toContain('49 euros');
    const reply = (await conversation(bea, beaProject)).find((entry) => entry.role === 'assistant');
    expect(reply?.sources).toBeUndefined();
  });

  it('has the demo writer quote the facts verbatim and cite them', async () => {
    const { ana, projectId } = await start();
    const parts = await send(ana, projectId, { message: 'Escribe un post sobre el precio del Plan Pro' });
    expect(parts[1]).toMatchObject({ type: 'sources' });
    expect(textOf(parts)).toContain(
      'El Plan Pro de Acme cuesta 49 euros al mes e incluye tres asientos. [1]',
    );
  });
});
