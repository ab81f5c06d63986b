import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationEntry } from '@redacta/shared';
import { liveSearchGuidance } from '../../src/ai/live-search.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, entries, readParts, textOf, wordCount } from './chat-helpers.ts';

let peer: OpenAIPeer;
let t: ListeningApp;

beforeEach(async () => {
  peer = await startOpenAIPeer();
  t = await listeningApp(peerAppEnv(peer));
});
afterEach(async () => {
  await t.close();
  await peer.close();
});

function post(body: Record<string, unknown>, user: TestUser = t.ana) {
  return fetch(`${t.base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: user.workspaceId, projectId: t.projectId, ...body }),
  });
}

/** Sends a message answered with `reply` (one chunk per word) and returns the saved reply's id. */
async function ask(message: string, reply: string) {
  peer.script = { chunks: reply.split(/(?= )/) };
  const parts = await readParts(await post({ message }));
  const finish = parts.at(-1)!.part;
  if (finish.type !== 'finish') throw new Error(`the reply did not finish: ${finish.type}`);
  return finish.messageId;
}

/** Regenerates `entryId`, answered with `reply`, and returns the stream's parts. */
async function regenerate(entryId: string, reply: string, user = t.ana) {
  peer.script = { chunks: reply.split(/(?= )/) };
  const res = await post({ regenerate: { entryId } }, user);
  expect(res.status).toBe(200);
  return (await readParts(res)).map(({ part }) => part);
}

async function conversation(user = t.ana) {
  const res = await fetch(`${t.base}/api/project/${t.projectId}/conversation`, { headers: user.auth });
  expect(res.status).toBe(200);
  return ((await res.json()) as { entries: ConversationEntry[] }).entries;
}

function showVersion(entryId: string, user = t.ana, project = t.projectId) {
  return fetch(`${t.base}/api/project/${project}/conversation/shown-version`, {
    method: 'PATCH',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ entryId }),
  });
}

/** What the model was sent, after the system prompt. */
const historyOf = (request: number) => peer.requests[request]!.body.messages.slice(1);

describe('Regenerate', () => {
  it('answers the same request again in place: one user entry, the new reply shown, the old one kept', async () => {
    const first = await ask('Un eslogan para una cafetería', 'Café que despierta ideas.');
    const parts = await regenerate(first, 'Tu rincón de cada mañana.');

    const [start, ...rest] = parts;
    expect(start).toMatchObject({ type: 'start' });
    expect(textOf(rest.map((part) => ({ part, at: 0 })))).toBe('Tu rincón de cada mañana.');
    const finish = parts.at(-1)!;
    expect(finish.type).toBe('finish');
    if (start?.type !== 'start' || finish.type !== 'finish') return;

    // The request was not saved again: the stream names the one the first reply answered.
    const saved = await entries(t.app, t.projectId);
    expect(saved.filter((entry) => entry.role === 'user')).toHaveLength(1);
    expect(start.userEntryId).toBe(saved[0]!.id);
    expect(saved.filter((entry) => entry.role === 'assistant')).toHaveLength(2);

    const listed = await conversation();
    expect(listed.map((entry) => [entry.role, entry.content])).toEqual([
      ['user', 'Un eslogan para una cafetería'],
      ['assistant', 'Tu rincón de cada mañana.'],
    ]);
    const reply = listed[1]!;
    expect(reply).toMatchObject({ id: finish.messageId, model: 'peer-standard', demo: false });
    expect(reply.versions.map((version) => [version.id, version.content])).toEqual([
      [first, 'Café que despierta ideas.'],
      [finish.messageId, 'Tu rincón de cada mañana.'],
    ]);
    expect(listed[0]!.versions).toEqual([]);
  });

  it('sends the model the history before the request, without the reply it replaces', async () => {
    await ask('Primera petición', 'Primera respuesta');
    const second = await ask('Segunda petición', 'Segunda respuesta');
    await regenerate(second, 'Otra segunda respuesta');
    expect(historyOf(2)).toEqual([
      { role: 'user', content: 'Primera petición' },
      { role: 'assistant', content: 'Primera respuesta' },
      { role: 'user', content: 'Segunda petición' },
    ]);
  });

  it('the model’s history holds only the shown version, and switching versions changes it', async () => {
    const first = await ask('Un titular', 'Versión uno');
    const [, ...regenerated] = await regenerate(first, 'Versión dos');
    const finish = regenerated.at(-1)!;
    if (finish.type !== 'finish') throw new Error('the regenerated reply did not finish');

    await ask('Hazlo más corto', 'Corto');
    expect(historyOf(2)).toEqual([
      { role: 'user', content: 'Un titular' },
      { role: 'assistant', content: 'Versión dos' },
      { role: 'user', content: 'Hazlo más corto' },
    ]);

    const res = await showVersion(first);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ entryId: first });
    const listed = await conversation();
    expect(listed[1]).toMatchObject({ id: first, content: 'Versión uno' });
    expect(listed[1]!.versions.map((version) => version.id)).toEqual([first, finish.messageId]);

    await ask('Y en inglés', 'In English');
    expect(historyOf(3)).toEqual([
      { role: 'user', content: 'Un titular' },
      { role: 'assistant', content: 'Versión uno' },
      { role: 'user', content: 'Hazlo más corto' },
      { role: 'assistant', content: 'Corto' },
      { role: 'user', content: 'Y en inglés' },
    ]);
  });

  it('charges the words of every generation', async () => {
    const first = await ask('Un eslogan', 'Uno dos tres');
    await regenerate(first, 'Cuatro cinco');
    const listed = await conversation();
    expect(listed[1]!.versions.map((version) => version.wordsCharged)).toEqual([3, 2]);
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(5);
  });

  it('repeats how the request was sent: a live-search request searches again', async () => {
    peer.script = { chunks: ['Noticias'] };
    const parts = await readParts(await post({ message: 'Un resumen', liveSearch: true }));
    const finish = parts.at(-1)!.part;
    if (finish.type !== 'finish') throw new Error('the reply did not finish');
    const system = (request: number) => String(peer.requests[request]!.body.messages[0]!.content);
    expect(system(0)).toContain(liveSearchGuidance('not-connected'));
    await regenerate(finish.messageId, 'Otras noticias');
    expect(system(1)).toContain(liveSearchGuidance('not-connected'));
    expect(historyOf(1)).toEqual([{ role: 'user', content: 'Un resumen' }]);
  });

  it('an earlier reply is 409: later requests were answered with it', async () => {
    const first = await ask('Primera', 'Uno');
    await ask('Segunda', 'Dos');
    const before = await wordCount(t.app, t.ana.workspaceId);
    const res = await post({ regenerate: { entryId: first } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    expect(peer.requests).toHaveLength(2);
    expect(await entries(t.app, t.projectId)).toHaveLength(4);
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(before);
  });

  it('any version of the last reply may be regenerated, and the newest is shown', async () => {
    const first = await ask('Un lema', 'A');
    await regenerate(first, 'B');
    const parts = await regenerate(first, 'C');
    const finish = parts.at(-1)!;
    const listed = await conversation();
    expect(listed).toHaveLength(2);
    expect(listed[1]).toMatchObject({ content: 'C', id: finish.type === 'finish' ? finish.messageId : '' });
    expect(listed[1]!.versions.map((version) => version.content)).toEqual(['A', 'B', 'C']);
  });

  it('a user entry, an unknown id or a reply of another project is 404 and calls no model', async () => {
    await ask('Un lema', 'A');
    const [request] = await entries(t.app, t.projectId);
    const otherProject = await createProject(t.app, t.ana.workspaceId, t.ana.id);
    peer.script = { chunks: ['X'] };
    const elsewhere = await fetch(`${t.base}/api/chat/send-request-stream`, {
      method: 'POST',
      headers: { ...t.ana.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId: t.ana.workspaceId, projectId: otherProject, message: 'Hola' }),
    });
    await readParts(elsewhere);
    const otherReply = (await entries(t.app, otherProject)).find((entry) => entry.role === 'assistant')!;
    const calls = peer.requests.length;

    for (const entryId of [request!.id, crypto.randomUUID(), otherReply.id]) {
      const res = await post({ regenerate: { entryId } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect(peer.requests).toHaveLength(calls);
  });

  it('another workspace gets 404 for regenerating and for switching versions, and changes nothing', async () => {
    const first = await ask('Un lema', 'A');
    const before = await conversation();
    const eve = await createUser(t.app);
    const eveProject = await createProject(t.app, eve.workspaceId, eve.id);
    // Our project under her workspace, and our reply from her own project.
    expect((await post({ regenerate: { entryId: first } }, eve)).status).toBe(404);
    const fromHers = await fetch(`${t.base}/api/chat/send-request-stream`, {
      method: 'POST',
      headers: { ...eve.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        workspaceId: eve.workspaceId,
        projectId: eveProject,
        regenerate: { entryId: first },
      }),
    });
    expect(fromHers.status).toBe(404);
    expect((await showVersion(first, eve)).status).toBe(404);
    expect((await showVersion(first, eve, eveProject)).status).toBe(404);
    expect(peer.requests).toHaveLength(1);
    expect(await conversation()).toEqual(before);
  });

  it('a teammate regenerates and switches versions in a shared project, not in a private one', async () => {
    const ben = await createUser(t.app);
    await addMember(t.app, t.ana.workspaceId, ben.id);
    const first = await ask('Un lema', 'A');
    const teammate = { ...ben, workspaceId: t.ana.workspaceId };
    expect((await post({ regenerate: { entryId: first } }, teammate)).status).toBe(404);
    expect((await showVersion(first, teammate)).status).toBe(404);

    const shared = await createProject(t.app, t.ana.workspaceId, t.ana.id, true);
    t.projectId = shared;
    const mine = await ask('Otro lema', 'B');
    const parts = await regenerate(mine, 'C', teammate);
    expect(parts.at(-1)).toMatchObject({ type: 'finish' });
    expect((await showVersion(mine, teammate)).status).toBe(200);
    expect((await conversation())[1]).toMatchObject({ id: mine, content: 'B' });
  });

  it('showing a version: a user entry, an unknown id or another project’s reply is 404', async () => {
    await ask('Un lema', 'A');
    const [request] = await entries(t.app, t.projectId);
    const otherProject = await createProject(t.app, t.ana.workspaceId, t.ana.id);
    const reply = (await entries(t.app, t.projectId)).find((entry) => entry.role === 'assistant')!;
    expect((await showVersion(request!.id)).status).toBe(404);
    expect((await showVersion(crypto.randomUUID())).status).toBe(404);
    expect((await showVersion(reply.id, t.ana, otherProject)).status).toBe(404);
  });

  it('validates the body: a message and a reply to regenerate together, or a bad id, are 400', async () => {
    const first = await ask('Un lema', 'A');
    expect((await post({ message: 'Hola', regenerate: { entryId: first } })).status).toBe(400);
    expect((await post({ regenerate: { entryId: 'x' } })).status).toBe(400);
    expect((await post({ regenerate: { entryId: first, extra: 1 } })).status).toBe(400);
    expect((await post({ regenerate: { entryId: first }, promptId: first })).status).toBe(400);
    const bad = await fetch(`${t.base}/api/project/${t.projectId}/conversation/shown-version`, {
      method: 'PATCH',
      headers: { ...t.ana.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ entryId: 'nope' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});
