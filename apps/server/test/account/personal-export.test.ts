import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personalExportSchema } from '@redacta/shared';
import { brandVoices, conversationEntries, prompts, templates } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser } from '../helpers/factories.ts';
import { insertConversation, insertProject } from '../helpers/project-factories.ts';

/*
 * docs/product.md, "Your data": a person downloads what Redacta keeps of theirs as a JSON file — their
 * profile, memberships, the conversations they wrote in (their messages and the replies to them, not
 * their teammates'), and the prompts, voices and templates they made.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_DATA_EXPORTS_PER_HOUR: '2' });
});
afterEach(() => t.app.close());

describe('downloading one’s data', () => {
  it('is a JSON file with the profile, memberships, their conversations, prompts, voices and templates', async () => {
    const owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Dueña' });
    const me = await createUser(t.app, { email: 'yo@example.com', firstName: 'Inés', lastName: 'Yáñez' });
    await addMember(t.app, owner.workspaceId, me.id);
    const inTeam = { ...me, workspaceId: owner.workspaceId };
    const shared = await insertProject(t.app, inTeam, { isShared: true, name: 'Campaña' });
    await insertConversation(t.app, shared.id, inTeam);
    // A teammate's exchange in the same project is theirs, not mine.
    await t.app.db
      .insert(conversationEntries)
      .values({ projectId: shared.id, role: 'user', content: 'Pregunta de Olga', createdBy: owner.id });
    await t.app.db.insert(prompts).values({
      workspaceId: owner.workspaceId,
      language: 'es',
      name: 'Mío',
      text: 'Un eslogan',
      createdBy: me.id,
    });
    await t.app.db.insert(prompts).values({
      workspaceId: owner.workspaceId,
      language: 'es',
      name: 'De Olga',
      text: 'Otro',
      createdBy: owner.id,
    });
    await t.app.db
      .insert(brandVoices)
      .values({ workspaceId: owner.workspaceId, name: 'Cercana', voice: 'Tú, cálida', addedBy: me.id });
    await t.app.db.insert(templates).values({
      workspaceId: me.workspaceId,
      createdBy: me.id,
      name: 'Ficha',
      description: 'Una ficha de producto',
      language: 'es',
      prompt: 'Describe {{producto}}',
      fields: [],
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: me.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="redacta-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = personalExportSchema.parse(res.json());
    expect(data.profile).toMatchObject({
      id: me.id,
      email: 'yo@example.com',
      firstName: 'Inés',
      lastName: 'Yáñez',
    });
    expect(data.memberships.map((m) => [m.workspaceId, m.role]).sort()).toEqual(
      [
        [me.workspaceId, 'owner'],
        [owner.workspaceId, 'member'],
      ].sort(),
    );
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]!.projectName).toBe('Campaña');
    expect(data.conversations[0]!.entries.map((entry) => [entry.role, entry.content])).toEqual([
      ['user', 'Escribe un eslogan'],
      ['assistant', 'Redacta: escribe mejor'],
    ]);
    expect(data.prompts.map((prompt) => prompt.name)).toEqual(['Mío']);
    expect(data.brandVoices.map((voice) => voice.name)).toEqual(['Cercana']);
    expect(data.templates.map((template) => template.name)).toEqual(['Ficha']);
  });

  it('includes the replies to their messages, whoever the reply is saved as', async () => {
    const me = await createUser(t.app);
    const project = await insertProject(t.app, me);
    const [request] = await t.app.db
      .insert(conversationEntries)
      .values({ projectId: project.id, role: 'user', content: 'Hola', createdBy: me.id })
      .returning();
    await t.app.db
      .insert(conversationEntries)
      .values({ projectId: project.id, role: 'assistant', content: 'Respuesta', requestId: request!.id });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: me.auth });
    expect(res.json().conversations[0].entries.map((entry: { content: string }) => entry.content)).toEqual([
      'Hola',
      'Respuesta',
    ]);
  });

  it('is for people only, and limited per hour', async () => {
    const me = await createUser(t.app);
    const key = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${me.workspaceId}/api-keys`,
      headers: me.auth,
      payload: { name: 'Programa', scopes: ['read', 'write', 'generate'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    const byKey = await t.app.inject({
      method: 'GET',
      url: '/api/user/export',
      headers: { authorization: `Bearer ${key.json().key}` },
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().error.code).toBe('FORBIDDEN');

    for (let i = 0; i < 2; i += 1) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/export', headers: me.auth })).statusCode,
      ).toBe(200);
    }
    const third = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: me.auth });
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
  });
});
