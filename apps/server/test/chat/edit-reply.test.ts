import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  conversationPageSchema,
  errorBodySchema,
  readChatStream,
  REPLY_CONTENT_MAX_LENGTH,
  type ConversationEntry,
} from '@redacta/shared';
import { conversationEntries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { injectAnswer } from '../helpers/inject-answer.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, wordCount } from './chat-helpers.ts';

/*
 * PATCH /api/project/{id}/conversation/entry/{entryId}: the chat's style fixes ("Corregir", "Corregir
 * todo") and ignored findings ("Ignorar") saved on a reply, for everyone who sees it.
 */

const REPLY = 'Un cargador revolucionario. Escríbenos un mail.';
const FIXED = 'Un cargador. Escríbenos un email.';
const RULE = '00000000-0000-4000-8000-000000000001';

let peer: OpenAIPeer;
let t: TestApp;
let ana: TestUser;
let ben: TestUser;
let projectId: string;

beforeEach(async () => {
  peer = await startOpenAIPeer({ chunks: ['Un cargador revolucionario.', ' Escríbenos un mail.'] });
  t = await createTestApp(peerAppEnv(peer));
  ana = await createUser(t.app, { firstName: 'Ana', lastName: 'García' });
  ben = await createUser(t.app, { firstName: 'Ben', lastName: 'Ortiz' });
  await addMember(t.app, ana.workspaceId, ben.id);
  projectId = await createProject(t.app, ana.workspaceId, ana.id, true);
});
afterEach(async () => {
  await t.app.close();
  await peer.close();
});

/** `user` asks in `project` and waits for the saved reply: its request's and its own ids. */
async function ask(user = ana, project = projectId) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/send-request-stream',
    headers: user.auth,
    payload: { workspaceId: user.workspaceId, projectId: project, message: 'Un anuncio de cargadores' },
  });
  const parts = res.body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; userEntryId?: string; messageId?: string });
  const finish = parts.find((part) => part.type === 'finish');
  if (!finish?.messageId) throw new Error(`no reply saved: ${res.body.slice(0, 300)}`);
  return { requestId: parts[0]!.userEntryId!, replyId: finish.messageId };
}

function edit(user: TestUser, entryId: string, payload: unknown, project = projectId) {
  return injectAnswer(t.app, {
    method: 'PATCH',
    url: `/api/project/${project}/conversation/entry/${entryId}`,
    headers: { ...user.auth, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function conversation(user = ana): Promise<ConversationEntry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/project/${projectId}/conversation`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return conversationPageSchema.parse(res.json()).entries;
}

/** An error in our shape, with its code. */
function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = errorBodySchema.parse(res.json());
  expect(body.error.code).toBe(code);
}

describe('PATCH /api/project/{id}/conversation/entry/{entryId}', () => {
  it('saves a fix and an ignored finding; everyone reads them with the conversation, the words charged unchanged', async () => {
    const { replyId } = await ask();
    const [before] = await t.app.db
      .select()
      .from(conversationEntries)
      .where(eq(conversationEntries.id, replyId));
    expect(before!.content).toBe(REPLY);
    const charged = await wordCount(t.app, ana.workspaceId);

    const res = await edit(ana, replyId, { content: FIXED, ignoredFindings: [`${RULE}:revolucionario`] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      entryId: replyId,
      content: FIXED,
      ignoredFindings: [`${RULE}:revolucionario`],
    });

    // A teammate reads the saved text and the ignored finding (a reload shows them).
    const reply = (await conversation(ben)).find((entry) => entry.id === replyId)!;
    expect(reply).toMatchObject({
      content: FIXED,
      ignoredFindings: [`${RULE}:revolucionario`],
      wordsCharged: before!.wordsCharged,
    });
    expect(before!.wordsCharged).toBeGreaterThan(0);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(charged);
  });

  it('changes only what it is given: ignoring keeps the text, fixing keeps the findings ignored', async () => {
    const { replyId } = await ask();
    expect((await edit(ben, replyId, { ignoredFindings: ['a:b', 'a:b', 'c:d'] })).json()).toEqual({
      entryId: replyId,
      content: REPLY,
      ignoredFindings: ['a:b', 'c:d'],
    });
    expect((await edit(ana, replyId, { content: FIXED })).json()).toEqual({
      entryId: replyId,
      content: FIXED,
      ignoredFindings: ['a:b', 'c:d'],
    });
  });

  it('keeps both ignores when two people ignore different findings at the same time', async () => {
    const { replyId } = await ask();
    const [byAna, byBen] = await Promise.all([
      edit(ana, replyId, { ignoredFindings: ['a:b'] }),
      edit(ben, replyId, { ignoredFindings: ['c:d'] }),
    ]);
    expect([byAna.statusCode, byBen.statusCode]).toEqual([200, 200]);
    const [row] = await t.app.db
      .select({ ignoredFindings: conversationEntries.ignoredFindings })
      .from(conversationEntries)
      .where(eq(conversationEntries.id, replyId));
    expect([...row!.ignoredFindings].sort()).toEqual(['a:b', 'c:d']);
  });

  it('edits the version named, the one shown: the earlier versions keep their words', async () => {
    const { replyId: first } = await ask();
    peer.script = { chunks: ['Otra versión con mail.'] };
    const regenerated = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-request-stream',
      headers: ana.auth,
      payload: { workspaceId: ana.workspaceId, projectId, regenerate: { entryId: first } },
    });
    const second = regenerated.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; messageId?: string })
      .find((part) => part.type === 'finish')!.messageId!;

    expect((await edit(ana, second, { content: 'Otra versión con email.' })).statusCode).toBe(200);
    const reply = (await conversation()).find((entry) => entry.role === 'assistant')!;
    expect(reply.id).toBe(second);
    expect(reply.content).toBe('Otra versión con email.');
    expect(reply.versions.map((version) => version.content)).toEqual([REPLY, 'Otra versión con email.']);
  });

  it('is 404 for whoever may not see the project: a teammate on a private project, another workspace', async () => {
    const privateProject = await createProject(t.app, ana.workspaceId, ana.id, false);
    const { replyId: privateReply } = await ask(ana, privateProject);
    expectError(await edit(ben, privateReply, { content: FIXED }, privateProject), 404, 'NOT_FOUND');

    const { replyId } = await ask();
    const outsider = await createUser(t.app);
    expectError(await edit(outsider, replyId, { content: FIXED }), 404, 'NOT_FOUND');
    // The outsider's own project, naming a reply of Ana's: still not theirs.
    const outsiderProject = await createProject(t.app, outsider.workspaceId, outsider.id, true);
    expectError(await edit(outsider, replyId, { content: FIXED }, outsiderProject), 404, 'NOT_FOUND');
    // Ana's reply through another of Ana's projects: the entry is not in it.
    expectError(await edit(ana, replyId, { content: FIXED }, privateProject), 404, 'NOT_FOUND');
    expectError(
      await edit(ana, '00000000-0000-4000-8000-00000000dead', { content: FIXED }),
      404,
      'NOT_FOUND',
    );
    expect((await conversation()).find((entry) => entry.id === replyId)!.content).toBe(REPLY);
    // Through its own project, the same reply is Ana's to fix.
    expect((await edit(ana, replyId, { content: FIXED })).statusCode).toBe(200);
  });

  it('refuses a request (the user’s message) and a reply that is not complete', async () => {
    const { requestId, replyId } = await ask();
    expectError(await edit(ana, requestId, { content: 'Otra pregunta' }), 404, 'NOT_FOUND');
    for (const status of ['aborted', 'failed'] as const) {
      await t.app.db.update(conversationEntries).set({ status }).where(eq(conversationEntries.id, replyId));
      expectError(await edit(ana, replyId, { content: FIXED }), 409, 'CONFLICT');
    }
    expect((await conversation()).map((entry) => entry.content)).toEqual(['Un anuncio de cargadores', REPLY]);
  });

  it('refuses a reply still being written: it has no entry until it is saved, then it can be fixed', async () => {
    peer.script = { chunks: ['Un mail', ' que', ' sigue', ' escribiéndose.'], delayMs: 150 };
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${base}/api/chat/send-request-stream`, {
      method: 'POST',
      headers: { ...ana.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId: ana.workspaceId, projectId, message: 'Un anuncio' }),
    });
    let replyId = '';
    for await (const part of readChatStream(res.body!)) {
      if (part.type === 'start') {
        // Mid-reply: the exchange's one entry is its request, which is no reply.
        expectError(await edit(ana, part.userEntryId, { content: 'Un email' }), 404, 'NOT_FOUND');
        const saved = await t.app.db
          .select({ role: conversationEntries.role })
          .from(conversationEntries)
          .where(eq(conversationEntries.projectId, projectId));
        expect(saved.map((entry) => entry.role)).toEqual(['user']);
      }
      if (part.type === 'finish') replyId = part.messageId;
    }
    expect((await edit(ana, replyId, { content: 'Un email que sigue escribiéndose.' })).statusCode).toBe(200);
  });

  it('validates the body with the shared text rule and the reply limits, answering in our error shape', async () => {
    const { replyId } = await ask();
    const invalid: unknown[] = [
      {},
      { content: '   ' },
      { content: 'x'.repeat(REPLY_CONTENT_MAX_LENGTH + 1) },
      { content: 'Un mail\u0000' },
      { content: { text: FIXED } },
      { content: [FIXED] },
      { ignoredFindings: 'a:b' },
      { ignoredFindings: [['a:b']] },
      { ignoredFindings: [{ key: 'a:b' }] },
      { ignoredFindings: ['a:\u0000'] },
      { ignoredFindings: Array.from({ length: 201 }, (_, i) => `a:${i}`) },
      { content: FIXED, status: 'complete' },
      '{"content":',
    ];
    for (const payload of invalid) {
      const res = await edit(ana, replyId, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
    }
    // Over the API's body limit: 413 before it is read.
    expectError(await edit(ana, replyId, { content: 'x'.repeat(3 * 1024 * 1024) }), 413, 'BODY_TOO_LARGE');
    expect((await conversation()).find((entry) => entry.id === replyId)!.content).toBe(REPLY);
  });
});
