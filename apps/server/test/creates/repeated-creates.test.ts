import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brandVoices, folders, projects, prompts } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';

/*
 * A create sent twice — a double click, a retry after an answer that got lost — makes one thing when
 * the client names it: the repeat answers what the first one made, even when both arrive at once.
 */

let t: TestApp;
let ana: TestUser;
let bea: TestUser;
beforeEach(async () => {
  t = await createTestApp();
  ana = await createUser(t.app);
  bea = await createUser(t.app);
  await addMember(t.app, ana.workspaceId, bea.id);
});
afterEach(() => t.app.close());

interface Kind {
  name: string;
  send: (
    by: TestUser,
    id?: string,
  ) => Promise<{ statusCode: number; body: string; json: () => { id: string; error: { code: string } } }>;
  count: () => Promise<number>;
}

const kinds: Kind[] = [
  {
    name: 'a folder',
    send: (by, id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/folder',
        headers: by.auth,
        payload: { id, workspaceId: ana.workspaceId, name: 'Campañas' },
      }),
    count: async () =>
      (await t.app.db.select().from(folders).where(eq(folders.workspaceId, ana.workspaceId))).length,
  },
  {
    name: 'a custom prompt',
    send: (by, id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/prompt/custom',
        headers: by.auth,
        payload: {
          id,
          workspaceId: ana.workspaceId,
          language: 'es',
          name: 'Titulares',
          text: 'Escribe tres titulares',
        },
      }),
    count: async () =>
      (await t.app.db.select().from(prompts).where(eq(prompts.workspaceId, ana.workspaceId))).length,
  },
  {
    name: 'a project',
    send: (by, id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/workspace/${ana.workspaceId}/project`,
        headers: by.auth,
        payload: id ? { id } : {},
      }),
    count: async () =>
      (await t.app.db.select().from(projects).where(eq(projects.workspaceId, ana.workspaceId))).length,
  },
  {
    name: 'a brand voice',
    send: (by, id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/brand-voice/workspace/${ana.workspaceId}`,
        headers: by.auth,
        payload: { id, name: 'Cercana', voice: 'Tuteamos, frases cortas, humor suave.' },
      }),
    count: async () =>
      (await t.app.db.select().from(brandVoices).where(eq(brandVoices.workspaceId, ana.workspaceId))).length,
  },
];

describe.each(kinds)('creating $name', ({ send, count }) => {
  it('twice in a row with the same id makes one and answers it both times', async () => {
    const id = randomUUID();
    const first = await send(ana, id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().id).toBe(id);
    const again = await send(ana, id);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(1);
  });

  it('twice at the same moment with the same id makes one', async () => {
    const id = randomUUID();
    const answers = await Promise.all([send(ana, id), send(ana, id), send(ana, id)]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().id).toBe(id);
    }
    expect(await count()).toBe(1);
  });

  it("refuses another member's id with CONFLICT and shows nothing of it", async () => {
    const id = randomUUID();
    expect((await send(ana, id)).statusCode).toBe(201);
    const taken = await send(bea, id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('CONFLICT');
    expect(taken.body).not.toContain(ana.id);
    expect(await count()).toBe(1);
  });
});

it('still creates two projects from two requests without an id', async () => {
  const project = kinds.find((kind) => kind.name === 'a project')!;
  expect((await project.send(ana)).statusCode).toBe(201);
  expect((await project.send(ana)).statusCode).toBe(201);
  expect(await project.count()).toBe(2);
});
