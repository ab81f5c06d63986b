import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RECENT_PROMPTS_LIMIT, type PromptGroup } from '@redacta/shared';
import { promptUsage } from '../../src/db/schema.ts';
import { catalogue } from '../../src/modules/prompts/catalogue/index.ts';
import { builtInPromptId } from '../../src/modules/prompts/built-ins.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { createProject } from '../chat/chat-helpers.ts';

let t: TestApp;
let ana: TestUser;
let bea: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  ana = await createUser(t.app);
  bea = await createUser(t.app);
});
afterEach(() => t.app.close());

const builtInKeys = catalogue.es.flatMap((category) => category.prompts.map((prompt) => prompt.key));

async function groups(user: TestUser, language?: string, workspaceId = user.workspaceId) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/prompt/by-workspace/${workspaceId}${language ? `?language=${language}` : ''}`,
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PromptGroup[];
}
const group = (all: PromptGroup[], key: string) => all.find((g) => g.key === key)!;

function use(user: TestUser, promptId: string, workspaceId = user.workspaceId) {
  return t.app.inject({
    method: 'POST',
    url: `/api/prompt/${promptId}/use`,
    headers: user.auth,
    payload: { workspaceId },
  });
}
function createCustom(user: TestUser, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/prompt/custom',
    headers: user.auth,
    payload: { workspaceId: user.workspaceId, language: 'es', ...body },
  });
}
async function customId(user: TestUser, body: Record<string, unknown>) {
  const res = await createCustom(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
function edit(user: TestUser, id: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/prompt/custom/${id}`,
    headers: user.auth,
    payload: body,
  });
}
function remove(user: TestUser, id: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/prompt/custom/${id}`, headers: user.auth });
}

describe('the prompt library', () => {
  it('groups Recientes, Personalizados and the catalogue categories, localised by the query language', async () => {
    const es = await groups(ana, 'es');
    expect(es.map((g) => g.key)).toEqual(['recent', 'custom', ...catalogue.es.map((c) => c.key)]);
    expect(es.map((g) => g.name)).toEqual([
      'Recientes',
      'Personalizados',
      ...catalogue.es.map((c) => c.name),
    ]);
    expect(group(es, 'recent').prompts).toEqual([]);
    const firstCategory = catalogue.es[0]!;
    expect(es[2]!.prompts[0]).toEqual({
      id: builtInPromptId('es', firstCategory.prompts[0]!.key),
      name: firstCategory.prompts[0]!.name,
      text: firstCategory.prompts[0]!.text,
      category: firstCategory.key,
      custom: false,
      language: 'es',
    });
    expect(es.slice(2).flatMap((g) => g.prompts).length).toBe(builtInKeys.length);

    const en = await groups(ana, 'en');
    expect(en.map((g) => g.name)).toEqual(['Recent', 'Custom', ...catalogue.en.map((c) => c.name)]);
    expect(en[2]!.prompts[0]!).toMatchObject({
      id: builtInPromptId('en', catalogue.en[0]!.prompts[0]!.key),
      name: catalogue.en[0]!.prompts[0]!.name,
      language: 'en',
    });
    // Spanish unless asked otherwise; other languages are refused.
    expect((await groups(ana)).map((g) => g.name)[0]).toBe('Recientes');
    const fr = await t.app.inject({
      method: 'GET',
      url: `/api/prompt/by-workspace/${ana.workspaceId}?language=fr`,
      headers: ana.auth,
    });
    expect(fr.statusCode).toBe(400);
  });

  it('keeps custom prompts per workspace and language, oldest first', async () => {
    await customId(ana, { name: 'Saludo', text: 'Escribe un saludo para {{cliente}}' });
    await customId(ana, { name: 'Despedida', text: 'Escribe una despedida' });
    await customId(ana, { name: 'Hello', text: 'Write a greeting', language: 'en' });
    expect(group(await groups(ana, 'es'), 'custom').prompts).toMatchObject([
      { name: 'Saludo', custom: true, category: null, language: 'es' },
      { name: 'Despedida', custom: true },
    ]);
    expect(group(await groups(ana, 'en'), 'custom').prompts.map((p) => p.name)).toEqual(['Hello']);
    expect(group(await groups(bea, 'es'), 'custom').prompts).toEqual([]);
  });

  it('puts a used prompt at the top of Recientes, keeps ten, and forgets the overflow', async () => {
    const ids = builtInKeys.slice(0, 12).map((key) => builtInPromptId('es', key));
    for (const id of ids) expect((await use(ana, id)).statusCode).toBe(204);
    let recent = group(await groups(ana, 'es'), 'recent').prompts.map((p) => p.id);
    expect(recent).toEqual(ids.slice(2).reverse());
    expect(recent).toHaveLength(RECENT_PROMPTS_LIMIT);

    await use(ana, ids[5]!);
    recent = group(await groups(ana, 'es'), 'recent').prompts.map((p) => p.id);
    expect(recent[0]).toBe(ids[5]);
    expect(recent).toHaveLength(RECENT_PROMPTS_LIMIT);
    const custom = await customId(ana, { name: 'Mío', text: 'Texto' });
    await use(ana, custom);
    recent = group(await groups(ana, 'es'), 'recent').prompts.map((p) => p.id);
    expect(recent.slice(0, 2)).toEqual([custom, ids[5]]);
    expect(recent).not.toContain(ids[2]);
    const rows = await t.app.db
      .select()
      .from(promptUsage)
      .where(and(eq(promptUsage.workspaceId, ana.workspaceId), eq(promptUsage.userId, ana.id)));
    expect(rows).toHaveLength(RECENT_PROMPTS_LIMIT);

    // Recientes belong to the user: a teammate starts with none.
    await addMember(t.app, ana.workspaceId, bea.id);
    expect(group(await groups(bea, 'es', ana.workspaceId), 'recent').prompts).toEqual([]);
  });

  it('shows a built-in prompt used in one language as its counterpart in the other', async () => {
    const key = builtInKeys[3]!;
    await use(ana, builtInPromptId('es', key));
    expect(group(await groups(ana, 'en'), 'recent').prompts).toMatchObject([
      { id: builtInPromptId('en', key), language: 'en' },
    ]);
  });

  it('records the prompt a chat request names', async () => {
    const projectId = await createProject(t.app, ana.workspaceId, ana.id);
    const promptId = builtInPromptId('es', builtInKeys[0]!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-request-stream',
      headers: ana.auth,
      payload: { workspaceId: ana.workspaceId, projectId, message: 'Un anuncio', promptId },
    });
    expect(res.statusCode).toBe(200);
    expect(group(await groups(ana, 'es'), 'recent').prompts.map((p) => p.id)).toEqual([promptId]);
  });

  it('edits and deletes custom prompts, and refuses to change built-in ones', async () => {
    const id = await customId(ana, { name: 'Borrador', text: 'Texto' });
    await use(ana, id);
    const edited = await edit(ana, id, { name: 'Final', text: 'Texto final para {{producto}}' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id,
      name: 'Final',
      text: 'Texto final para {{producto}}',
      custom: true,
    });
    expect(group(await groups(ana, 'es'), 'custom').prompts.map((p) => p.name)).toEqual(['Final']);

    const builtIn = builtInPromptId('es', builtInKeys[0]!);
    const forbidden = await edit(ana, builtIn, { name: 'Mío', text: 'x' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await remove(ana, builtIn)).statusCode).toBe(403);
    expect(group(await groups(ana, 'es'), catalogue.es[0]!.key).prompts[0]!.id).toBe(builtIn);

    expect((await remove(ana, id)).statusCode).toBe(204);
    const after = await groups(ana, 'es');
    expect(group(after, 'custom').prompts).toEqual([]);
    expect(group(after, 'recent').prompts).toEqual([]);
    expect((await remove(ana, id)).statusCode).toBe(404);
    expect((await edit(ana, id, { name: 'x', text: 'y' })).statusCode).toBe(404);
  });

  it('validates names and texts', async () => {
    for (const body of [
      { name: '  ', text: 'x' },
      { name: 'x', text: '' },
      { name: 'x', text: 'y', extra: true },
    ]) {
      const res = await createCustom(ana, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await createCustom(ana, { name: 'x', text: 'y', language: 'fr' })).statusCode).toBe(400);
    const id = await customId(ana, { name: 'x', text: 'y' });
    expect((await edit(ana, id, { name: 'solo nombre' })).statusCode).toBe(400);
  });

  it("answers 404 on every route for another workspace's library", async () => {
    const anas = await customId(ana, { name: 'De Ana', text: 'Secreto' });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/prompt/by-workspace/${ana.workspaceId}`,
      headers: bea.auth,
    });
    expect(other.statusCode).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompt/custom',
      headers: bea.auth,
      payload: { workspaceId: ana.workspaceId, language: 'es', name: 'Intrusa', text: 'x' },
    });
    expect(created.statusCode).toBe(404);
    expect((await edit(bea, anas, { name: 'Robada', text: 'x' })).statusCode).toBe(404);
    expect((await remove(bea, anas)).statusCode).toBe(404);
    // Neither in Ana's workspace, nor Ana's prompt in Bea's own workspace.
    expect((await use(bea, anas, ana.workspaceId)).statusCode).toBe(404);
    expect((await use(bea, anas)).statusCode).toBe(404);
    expect((await use(bea, builtInPromptId('es', builtInKeys[0]!), ana.workspaceId)).statusCode).toBe(404);
    expect((await use(ana, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(group(await groups(ana, 'es'), 'custom').prompts).toMatchObject([
      { name: 'De Ana', text: 'Secreto' },
    ]);
    expect(group(await groups(bea, 'es'), 'recent').prompts).toEqual([]);
  });
});
