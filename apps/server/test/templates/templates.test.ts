import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Template } from '@redacta/shared';
import { templates } from '../../src/db/schema.ts';
import { BUILT_IN_TEMPLATES, builtInTemplateId } from '../../src/modules/templates/built-ins.ts';
import { findUsableTemplate } from '../../src/modules/templates/service.ts';
import { createTestApp, emptyDatabase, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';

let t: TestApp;
let ana: TestUser;
let bea: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await emptyDatabase();
  ana = await createUser(t.app);
  bea = await createUser(t.app);
});
afterAll(() => t.app.close());

const headlines = {
  name: 'Titulares de temporada',
  description: 'Para las rebajas',
  language: 'es',
  prompt: 'Escribe titulares para {{producto}} con un tono {{tono}}',
  fields: [
    { key: 'producto', label: 'Producto', type: 'text', required: true },
    { key: 'tono', label: 'Tono', type: 'choice', required: false, options: ['Cercano', 'Serio'] },
  ],
  output: { parts: [{ key: 'headlines', label: 'Titulares', items: 3, maxChars: 30 }] },
};

function create(user: TestUser, body: Record<string, unknown>, workspaceId = user.workspaceId) {
  return t.app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}/templates`,
    headers: user.auth,
    payload: body,
  });
}
async function created(user: TestUser, body: Record<string, unknown> = headlines): Promise<Template> {
  const res = await create(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function list(user: TestUser, query = '', workspaceId = user.workspaceId): Promise<Template[]> {
  const res = await t.app.inject({
    url: `/api/workspace/${workspaceId}/templates${query}`,
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().templates;
}
const read = (user: TestUser, id: string) => t.app.inject({ url: `/api/template/${id}`, headers: user.auth });
const edit = (user: TestUser, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/template/${id}`, headers: user.auth, payload });

describe('the template list', () => {
  it("shows the built-in templates of both languages, then the workspace's own, newest first", async () => {
    const first = await created(ana, { ...headlines, name: 'Primera' });
    const second = await created(ana, { ...headlines, name: 'Second', language: 'en' });
    const all = await list(ana);
    expect(all.map((template) => template.id)).toEqual([
      ...BUILT_IN_TEMPLATES.map((template) => template.id),
      second.id,
      first.id,
    ]);
    expect(all.slice(0, BUILT_IN_TEMPLATES.length).every((template) => template.builtIn)).toBe(true);
    expect(all.at(-1)).toMatchObject({ name: 'Primera', builtIn: false, createdBy: ana.id });

    const english = await list(ana, '?language=en');
    const englishBuiltIns = english.filter((template) => template.builtIn);
    expect(englishBuiltIns.length).toBeGreaterThanOrEqual(12);
    expect(englishBuiltIns.every((template) => template.language === 'en')).toBe(true);
    expect(english.slice(englishBuiltIns.length).map((template) => template.id)).toEqual([
      second.id,
      first.id,
    ]);
  });

  it("is for the workspace's members: anyone else gets 404, and another workspace's templates are not in it", async () => {
    await created(ana);
    const outsider = await t.app.inject({
      url: `/api/workspace/${ana.workspaceId}/templates`,
      headers: bea.auth,
    });
    expect(outsider.statusCode).toBe(404);
    expect((await list(bea)).every((template) => template.builtIn)).toBe(true);
    await addMember(t.app, ana.workspaceId, bea.id);
    expect((await list(bea, '', ana.workspaceId)).filter((template) => !template.builtIn)).toHaveLength(1);
  });
});

describe('saving a template', () => {
  it('answers the template as saved, and a repeat of the same create (same id) answers it again without a copy', async () => {
    const id = randomUUID();
    const once = await create(ana, { ...headlines, id });
    const twice = await create(ana, { ...headlines, id });
    expect(once.statusCode, once.body).toBe(201);
    expect(twice.statusCode, twice.body).toBe(201);
    expect(twice.json()).toEqual(once.json());
    expect(once.json()).toMatchObject({ ...headlines, id, builtIn: false, createdBy: ana.id });
    expect(await t.app.db.$count(templates, eq(templates.workspaceId, ana.workspaceId))).toBe(1);

    // The id is taken: someone else's create under it is a conflict that shows nothing of it.
    const taken = await create(bea, { ...headlines, id, name: 'Otra' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('CONFLICT');
    const builtInId = await create(ana, { ...headlines, id: builtInTemplateId('es', 'seo-meta') });
    expect(builtInId.statusCode).toBe(409);
  });

  it('refuses an inconsistent template field by field: a {{key}} that is no field, twin keys, a choice without options', async () => {
    const res = await create(ana, {
      ...headlines,
      prompt: 'Escribe sobre {{tema}}',
      fields: [
        { key: 'producto', label: 'Producto', type: 'text', required: true },
        { key: 'producto', label: 'Otro', type: 'choice', required: false },
      ],
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues.map((issue: { path: string }) => issue.path)).toEqual(
      expect.arrayContaining(['prompt', 'fields.1.key', 'fields.1.options']),
    );
    const unstorable = await create(ana, { ...headlines, name: 'Nombre\u0000' });
    expect(unstorable.statusCode).toBe(400);
    expect(await t.app.db.$count(templates)).toBe(0);
  });
});

describe('one template', () => {
  it('is read by the members of its workspace (404 for anyone else); a built-in one by anyone signed in', async () => {
    const template = await created(ana);
    expect((await read(ana, template.id)).json()).toEqual(template);
    expect((await read(bea, template.id)).statusCode).toBe(404);
    const seo = await read(bea, builtInTemplateId('es', 'seo-meta'));
    expect(seo.statusCode).toBe(200);
    expect(seo.json()).toMatchObject({ builtIn: true, createdBy: null, language: 'es' });
  });

  it('is changed in what the body carries, stays consistent, and loses its parts with output: null', async () => {
    const template = await created(ana);
    const renamed = await edit(ana, template.id, { name: 'Titulares de verano' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ ...headlines, name: 'Titulares de verano' });
    expect(Date.parse(renamed.json().updatedAt)).toBeGreaterThan(Date.parse(template.updatedAt));

    // Dropping the field the prompt names would break it: refused, nothing changed.
    const broken = await edit(ana, template.id, { fields: [headlines.fields[1]] });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'prompt' }] });
    expect((await read(ana, template.id)).json().fields).toEqual(headlines.fields);

    const free = await edit(ana, template.id, { output: null });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().output).toBeUndefined();
  });

  it('takes two edits sent at once one after the other, so neither loses the other', async () => {
    const template = await created(ana);
    const prompt = 'Escribe titulares cortos para {{producto}} con un tono {{tono}}';
    const [renamed, reworded] = await Promise.all([
      edit(ana, template.id, { name: 'Titulares de verano' }),
      edit(ana, template.id, { prompt }),
    ]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(reworded.statusCode, reworded.body).toBe(200);
    expect((await read(ana, template.id)).json()).toMatchObject({ name: 'Titulares de verano', prompt });
  });

  it('is deleted by its creator, and is then absent', async () => {
    const template = await created(ana);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/template/${template.id}`,
      headers: ana.auth,
    });
    expect(gone.statusCode).toBe(204);
    expect((await read(ana, template.id)).statusCode).toBe(404);
  });

  it('built in, cannot be changed or deleted by anyone (403 FORBIDDEN)', async () => {
    const id = builtInTemplateId('es', 'search-ad');
    const renamed = await edit(ana, id, { name: 'Mía' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().error.code).toBe('FORBIDDEN');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/template/${id}`, headers: ana.auth });
    expect(removed.statusCode).toBe(403);
  });
});

describe('findUsableTemplate', () => {
  it("finds a built-in template or the workspace's own, and nothing of another workspace's", async () => {
    const own = await created(ana);
    const builtIn = builtInTemplateId('en', 'landing-hero');
    expect(await findUsableTemplate(t.app.db, ana.workspaceId, builtIn)).toMatchObject({
      id: builtIn,
      builtIn: true,
      language: 'en',
    });
    expect(await findUsableTemplate(t.app.db, ana.workspaceId, own.id)).toEqual(own);
    expect(await findUsableTemplate(t.app.db, bea.workspaceId, own.id)).toBeNull();
    expect(await findUsableTemplate(t.app.db, ana.workspaceId, randomUUID())).toBeNull();
  });
});
