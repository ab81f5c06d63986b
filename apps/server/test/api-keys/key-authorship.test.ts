import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConversationPage, CreatedApiKey, DocumentVersion, Project } from '@redacta/shared';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

let t: TestApp;
let ana: TestUser;
let key: CreatedApiKey;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${ana.workspaceId}/api-keys`,
    headers: ana.auth,
    payload: { name: 'Catálogo', scopes: ['read', 'write', 'generate'] },
  });
  key = res.json();
});
afterAll(() => t.app.close());

const asKey = () => ({ authorization: `Bearer ${key.key}` });

it('what a key makes names it as its author, wherever an author is shown; what a person makes does not', async () => {
  const byKey = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${ana.workspaceId}/project`,
    headers: asKey(),
    payload: { name: 'Del catálogo' },
  });
  expect(byKey.statusCode).toBe(201);
  const projectId = byKey.json<{ id: string }>().id;
  const byAna = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${ana.workspaceId}/project`,
    headers: ana.auth,
    payload: { name: 'De Ana' },
  });
  const author = { id: key.id, name: 'Catálogo' };

  // Projects: the list and the project itself, for its creator and her key alike.
  const list = await t.app.inject({ url: `/api/workspace/${ana.workspaceId}/projects`, headers: ana.auth });
  const items = list.json<{ items: Project[] }>().items;
  expect(items.find((project) => project.id === projectId)!.createdByApiKey).toEqual(author);
  expect(items.find((project) => project.id === byAna.json<{ id: string }>().id)).not.toHaveProperty(
    'createdByApiKey',
  );
  const one = await t.app.inject({ url: `/api/project/${projectId}`, headers: asKey() });
  expect(one.json<Project>().createdByApiKey).toEqual(author);

  // The conversation: the request the key sent, and Ana's own.
  for (const headers of [asKey(), ana.auth]) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-request-stream',
      headers,
      payload: { workspaceId: ana.workspaceId, projectId, message: 'Un eslogan' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  const page = await t.app.inject({ url: `/api/project/${projectId}/conversation`, headers: ana.auth });
  expect(page.statusCode, page.body).toBe(200);
  const requests = page.json<ConversationPage>().entries.filter((entry) => entry.role === 'user');
  expect(requests.map((entry) => entry.author)).toEqual([
    { id: ana.id, name: 'Ana García', apiKey: author },
    { id: ana.id, name: 'Ana García' },
  ]);

  // Document versions: one saved through the key, one by Ana.
  for (const headers of [asKey(), ana.auth]) {
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/document/versions`,
      headers,
    });
    expect(saved.statusCode, saved.body).toBe(201);
  }
  const versions = await t.app.inject({
    url: `/api/project/${projectId}/document/versions`,
    headers: ana.auth,
  });
  const [byAnaVersion, byKeyVersion] = versions.json<{ versions: DocumentVersion[] }>().versions;
  expect(byKeyVersion!.createdByApiKey).toEqual(author);
  expect(byKeyVersion!.createdBy).toMatchObject({ id: ana.id });
  expect(byAnaVersion).not.toHaveProperty('createdByApiKey');
});
