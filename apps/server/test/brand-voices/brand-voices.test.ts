import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BRAND_VOICE_EXCERPT_LENGTH } from '@redacta/shared';
import { brandVoices } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';

let t: TestApp;
let ana: TestUser;
let bea: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  ana = await createUser(t.app, { firstName: 'Ana', lastName: 'García' });
  bea = await createUser(t.app, { firstName: 'Bea', lastName: 'López' });
});
afterEach(() => t.app.close());

function create(user: TestUser, body: Record<string, unknown>, workspaceId = user.workspaceId) {
  return t.app.inject({
    method: 'POST',
    url: `/api/brand-voice/workspace/${workspaceId}`,
    headers: user.auth,
    payload: body,
  });
}
function list(user: TestUser, workspaceId = user.workspaceId) {
  return t.app.inject({
    method: 'GET',
    url: `/api/brand-voice/workspace/${workspaceId}`,
    headers: user.auth,
  });
}
function get(user: TestUser, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/brand-voice/${id}`, headers: user.auth });
}
function update(user: TestUser, id: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/brand-voice/${id}`, headers: user.auth, payload: body });
}
function remove(user: TestUser, id: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/brand-voice/${id}`, headers: user.auth });
}
async function createId(user: TestUser, body: Record<string, unknown>) {
  const res = await create(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
async function defaults(workspaceId: string) {
  const rows = await t.app.db
    .select({ name: brandVoices.name, isDefault: brandVoices.isDefault })
    .from(brandVoices)
    .where(eq(brandVoices.workspaceId, workspaceId));
  return rows.filter((row) => row.isDefault).map((row) => row.name);
}

describe('brand voices', () => {
  it('creates, lists oldest first with who added each, renames, rewrites and deletes', async () => {
    const created = await create(ana, { name: '  Cercana  ', voice: 'Tuteamos. Frases cortas.' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Cercana',
      voice: 'Tuteamos. Frases cortas.',
      isDefault: false,
      workspaceId: ana.workspaceId,
      addedBy: { id: ana.id, firstName: 'Ana', lastName: 'García', email: ana.email },
    });
    const second = await createId(ana, { name: 'Formal', voice: 'De usted.' });

    const listed = await list(ana);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((v: { name: string }) => v.name)).toEqual(['Cercana', 'Formal']);

    const renamed = await update(ana, second, { name: 'Institucional' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Institucional', voice: 'De usted.' });
    const rewritten = await update(ana, second, { voice: 'Trato de usted, sin exclamaciones.' });
    expect(rewritten.json()).toMatchObject({
      name: 'Institucional',
      voice: 'Trato de usted, sin exclamaciones.',
    });

    expect((await remove(ana, second)).statusCode).toBe(204);
    expect((await list(ana)).json().map((v: { name: string }) => v.name)).toEqual(['Cercana']);
    expect((await remove(ana, second)).statusCode).toBe(404);
  });

  it('refuses a missing name, unknown fields and an empty change', async () => {
    const noName = await create(ana, { name: '   ', voice: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.code).toBe('VALIDATION_FAILED');
    expect((await create(ana, { name: 'A', voice: 'x', color: 'red' })).statusCode).toBe(400);
    const id = await createId(ana, { name: 'A', voice: 'x' });
    expect((await update(ana, id, {})).statusCode).toBe(400);
    expect((await update(ana, id, { name: '' })).statusCode).toBe(400);
  });

  it('keeps one default: saving a voice as default clears the others', async () => {
    const first = await createId(ana, { name: 'Primera', voice: 'a', isDefault: true });
    await createId(ana, { name: 'Segunda', voice: 'b', isDefault: true });
    expect(await defaults(ana.workspaceId)).toEqual(['Segunda']);

    const back = await update(ana, first, { isDefault: true });
    expect(back.json().isDefault).toBe(true);
    expect(await defaults(ana.workspaceId)).toEqual(['Primera']);

    await update(ana, first, { isDefault: false });
    expect(await defaults(ana.workspaceId)).toEqual([]);
    // Another workspace's default is not touched.
    await createId(bea, { name: 'De Bea', voice: 'c', isDefault: true });
    await update(ana, first, { isDefault: true });
    expect(await defaults(bea.workspaceId)).toEqual(['De Bea']);
  });

  it('leaves exactly one default when two "set default" requests arrive together', async () => {
    const ids = await Promise.all(['Uno', 'Dos', 'Tres'].map((name) => createId(ana, { name, voice: name })));
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([
        update(ana, ids[round % 3]!, { isDefault: true }),
        update(ana, ids[(round + 1) % 3]!, { isDefault: true }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(await defaults(ana.workspaceId)).toHaveLength(1);
    }
    const created = await Promise.all([
      create(ana, { name: 'Cuatro', voice: '4', isDefault: true }),
      create(ana, { name: 'Cinco', voice: '5', isDefault: true }),
    ]);
    expect(created.map((res) => res.statusCode)).toEqual([201, 201]);
    const names = await defaults(ana.workspaceId);
    expect(names).toHaveLength(1);
    expect(['Cuatro', 'Cinco']).toContain(names[0]);
    const listed = (await list(ana)).json() as { isDefault: boolean }[];
    expect(listed.filter((voice) => voice.isDefault)).toHaveLength(1);
  });

  it('has the database refuse a second default, whatever the code does', async () => {
    await createId(ana, { name: 'Primera', voice: 'a', isDefault: true });
    await expect(
      t.app.db
        .insert(brandVoices)
        .values({ workspaceId: ana.workspaceId, name: 'Otra', voice: 'b', isDefault: true }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it("answers 404 on every route for another workspace's voices, and lets members in", async () => {
    const id = await createId(ana, { name: 'De Ana', voice: 'a' });
    expect((await list(bea, ana.workspaceId)).statusCode).toBe(404);
    expect((await create(bea, { name: 'Intrusa', voice: 'x' }, ana.workspaceId)).statusCode).toBe(404);
    const patched = await update(bea, id, { name: 'Robada', isDefault: true });
    expect(patched.statusCode).toBe(404);
    expect(patched.json().error.code).toBe('NOT_FOUND');
    expect((await remove(bea, id)).statusCode).toBe(404);
    expect((await get(bea, id)).statusCode).toBe(404);
    const analysed = await t.app.inject({
      method: 'PATCH',
      url: '/api/brand-voice/analyze-content',
      headers: bea.auth,
      payload: { workspaceId: ana.workspaceId, text: 'Un texto de muestra con palabras.' },
    });
    expect(analysed.statusCode).toBe(404);
    expect((await list(ana)).json()).toMatchObject([{ name: 'De Ana', isDefault: false }]);

    await addMember(t.app, ana.workspaceId, bea.id);
    expect((await list(bea, ana.workspaceId)).json()).toHaveLength(1);
    expect((await get(bea, id)).json()).toMatchObject({ name: 'De Ana', voice: 'a' });
    // A member uses the owner's voice but may change only the voices they add themselves.
    expect((await update(bea, id, { name: 'Compartida' })).json().error.code).toBe('FORBIDDEN');
    const added = await create(bea, { name: 'De Bea', voice: 'b' }, ana.workspaceId);
    expect(added.json().addedBy).toMatchObject({ id: bea.id, firstName: 'Bea' });
    expect((await update(bea, added.json().id, { name: 'De Bea, corregida' })).statusCode).toBe(200);
  });

  it('lists each voice with the start of its text only; GET /brand-voice/{id} answers one whole', async () => {
    // Astral characters count as one each, as PostgreSQL counts them.
    const long = `${'🎯 Tuteamos. '.repeat(1500)}Final.`;
    const longId = await createId(ana, { name: 'Larga', voice: long });
    await createId(ana, { name: 'Corta', voice: 'Frases cortas.' });
    await createId(ana, { name: 'Vacía', voice: '' });

    const listed = await list(ana);
    expect(listed.statusCode).toBe(200);
    const [larga, corta, vacia] = listed.json();
    expect(larga).not.toHaveProperty('voice');
    expect(larga.excerpt).toBe(`${[...long].slice(0, BRAND_VOICE_EXCERPT_LENGTH).join('').trimEnd()}…`);
    expect(corta).toMatchObject({ name: 'Corta', excerpt: 'Frases cortas.' });
    expect(vacia).toMatchObject({ name: 'Vacía', excerpt: '' });
    expect(listed.body.length).toBeLessThan(long.length / 10);

    const one = await get(ana, longId);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: longId,
      name: 'Larga',
      voice: long,
      addedBy: { id: ana.id, firstName: 'Ana' },
    });
    expect((await get(ana, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(ana, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/brand-voice/workspace/${ana.workspaceId}` });
    expect(res.statusCode).toBe(401);
  });
});
