import {
  BRAND_VOICES_PER_WORKSPACE,
  CUSTOM_PROMPTS_PER_WORKSPACE,
  FOLDERS_PER_WORKSPACE,
  TEMPLATES_PER_WORKSPACE,
  type ErrorCode,
} from '@redacta/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { brandVoices, folders, prompts, templates } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser } from '../helpers/factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

/** Creations sent at once when the list has room for one more. */
const AT_ONCE = 6;

type ListTable = typeof brandVoices | typeof folders | typeof prompts | typeof templates;

interface CappedList {
  name: string;
  cap: number;
  code: ErrorCode;
  table: ListTable;
  /** Puts `entries` rows into the workspace's list directly, as if created earlier. */
  fill(app: App, workspaceId: string, userId: string, entries: number): Promise<unknown>;
  /** The HTTP creation of the list's entry number `i`. */
  create(workspaceId: string, i: number): { method: 'POST'; url: string; payload: object };
  deleteUrl(id: string): string;
}

const range = (entries: number) => Array.from({ length: entries }, (_, i) => i);

const lists: CappedList[] = [
  {
    name: 'brand voices',
    cap: BRAND_VOICES_PER_WORKSPACE,
    code: 'BRAND_VOICES_FULL',
    table: brandVoices,
    fill: (app, workspaceId, userId, entries) =>
      app.db
        .insert(brandVoices)
        .values(
          range(entries).map((i) => ({ workspaceId, name: `Voz ${i}`, voice: 'Cercana', addedBy: userId })),
        ),
    create: (workspaceId, i) => ({
      method: 'POST',
      url: `/api/brand-voice/workspace/${workspaceId}`,
      payload: { name: `Nueva ${i}`, voice: 'Directa' },
    }),
    deleteUrl: (id) => `/api/brand-voice/${id}`,
  },
  {
    name: 'folders',
    cap: FOLDERS_PER_WORKSPACE,
    code: 'FOLDERS_FULL',
    table: folders,
    fill: (app, workspaceId, userId, entries) =>
      app.db
        .insert(folders)
        .values(range(entries).map((i) => ({ workspaceId, name: `Carpeta ${i}`, createdBy: userId }))),
    create: (workspaceId, i) => ({
      method: 'POST',
      url: '/api/folder',
      payload: { workspaceId, name: `Nueva ${i}` },
    }),
    deleteUrl: (id) => `/api/folder/${id}`,
  },
  {
    name: 'custom prompts (both languages together)',
    cap: CUSTOM_PROMPTS_PER_WORKSPACE,
    code: 'CUSTOM_PROMPTS_FULL',
    table: prompts,
    fill: (app, workspaceId, userId, entries) =>
      app.db.insert(prompts).values(
        range(entries).map((i) => ({
          workspaceId,
          language: i % 2 === 0 ? ('es' as const) : ('en' as const),
          name: `Prompt ${i}`,
          text: 'Escribe {{tema}}',
          createdBy: userId,
        })),
      ),
    create: (workspaceId, i) => ({
      method: 'POST',
      url: '/api/prompt/custom',
      payload: { workspaceId, language: 'es', name: `Nuevo ${i}`, text: 'Resume {{texto}}' },
    }),
    deleteUrl: (id) => `/api/prompt/custom/${id}`,
  },
  {
    name: 'templates (both languages together)',
    cap: TEMPLATES_PER_WORKSPACE,
    code: 'TEMPLATES_FULL',
    table: templates,
    fill: (app, workspaceId, userId, entries) =>
      app.db.insert(templates).values(
        range(entries).map((i) => ({
          workspaceId,
          createdBy: userId,
          language: i % 2 === 0 ? ('es' as const) : ('en' as const),
          name: `Plantilla ${i}`,
          description: '',
          prompt: 'Escribe sobre {{tema}}',
          fields: [{ key: 'tema', label: 'Tema', type: 'text', required: true }],
        })),
      ),
    create: (workspaceId, i) => ({
      method: 'POST',
      url: `/api/workspace/${workspaceId}/templates`,
      payload: {
        name: `Nueva ${i}`,
        language: 'es',
        prompt: 'Resume {{texto}}',
        fields: [{ key: 'texto', label: 'Texto', type: 'longText', required: true }],
      },
    }),
    deleteUrl: (id) => `/api/template/${id}`,
  },
];

const countIn = (app: App, list: CappedList, workspaceId: string) =>
  app.db.$count(list.table, eq(list.table.workspaceId, workspaceId));

describe.each(lists)('the workspace’s $name are capped', (list) => {
  it(`takes exactly one of ${AT_ONCE} simultaneous creations one short of the cap; the rest get 409 with the list's code`, async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    await list.fill(t.app, owner.workspaceId, owner.id, list.cap - 1);

    const answers = await Promise.all(
      range(AT_ONCE).map((i) => t.app.inject({ ...list.create(owner.workspaceId, i), headers: member.auth })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toMatchObject({ code: list.code });
      expect(refused.json().error.message).toContain(String(list.cap));
    }
    expect(await countIn(t.app, list, owner.workspaceId)).toBe(list.cap);

    // Another workspace's list is its own.
    const other = await createUser(t.app);
    const elsewhere = await t.app.inject({
      ...list.create(other.workspaceId, 0),
      headers: other.auth,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    // Deleting one makes room for one.
    const [entry] = await t.app.db
      .select({ id: list.table.id })
      .from(list.table)
      .where(eq(list.table.workspaceId, owner.workspaceId))
      .limit(1);
    const id = entry!.id;
    const deleted = await t.app.inject({ method: 'DELETE', url: list.deleteUrl(id), headers: owner.auth });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const again = await t.app.inject({
      ...list.create(owner.workspaceId, AT_ONCE),
      headers: member.auth,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await countIn(t.app, list, owner.workspaceId)).toBe(list.cap);
  });
});
