import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_UNNAMED_VERSIONS_KEPT } from '@redacta/shared';
import { conversationEntries, documentVersions } from '../../src/db/schema.ts';
import { createTestApp, SMALL_STORAGE_QUOTAS, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { createTeam, insertProject } from '../helpers/project-factories.ts';

let t: TestApp;
afterEach(() => t.app.close());

const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

async function readDocument(user: TestUser, projectId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/project/${projectId}/document`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { content: unknown; updatedAt: string };
}
async function write(user: TestUser, projectId: string, text: string) {
  const { updatedAt } = await readDocument(user, projectId);
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/project/${projectId}/document`,
    headers: user.auth,
    payload: { content: paragraph(text), updatedAt },
  });
  expect(res.statusCode).toBe(200);
}
const save = (user: TestUser, projectId: string, body?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/project/${projectId}/document/versions`,
    headers: user.auth,
    ...(body === undefined ? {} : { payload: body as object }),
  });
const list = (user: TestUser, projectId: string) =>
  t.app.inject({ method: 'GET', url: `/api/project/${projectId}/document/versions`, headers: user.auth });
const open = (user: TestUser, projectId: string, versionId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/project/${projectId}/document/versions/${versionId}`,
    headers: user.auth,
  });
const restore = (user: TestUser, projectId: string, versionId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/project/${projectId}/document/versions/${versionId}/restore`,
    headers: user.auth,
  });

/** Stores of the live document are followed by the versions' own writes: wait for them to settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('document versions', () => {
  it('saves the document as it is now, named or not, lists them newest first with who edited since the one before', async () => {
    t = await createTestApp();
    const { owner, member, workspaceId } = await createTeam(t.app);
    const project = await insertProject(t.app, owner, { workspaceId, isShared: true });
    await write(owner, project.id, 'Primer borrador');
    await settle();
    const first = await save(owner, project.id, { name: '  Borrador  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'manual', name: 'Borrador', createdBy: { id: owner.id } });
    expect(first.json().authors.map((a: { id: string }) => a.id)).toEqual([owner.id]);

    await write(member, project.id, 'Segundo borrador');
    await settle();
    const second = await save(member, project.id);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ name: null, createdBy: { id: member.id } });
    // Only who edited since the version before.
    expect(second.json().authors.map((a: { id: string }) => a.id)).toEqual([member.id]);

    const listed = await list(member, project.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().versions.map((v: { id: string }) => v.id)).toEqual([
      second.json().id,
      first.json().id,
    ]);

    const opened = await open(member, project.id, first.json().id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      id: first.json().id,
      content: paragraph('Primer borrador'),
      text: 'Primer borrador',
    });
    // A version with no edits since the one before has no authors, and is saved all the same.
    const third = await save(owner, project.id, {});
    expect(third.statusCode).toBe(201);
    expect(third.json().authors).toEqual([]);
  });

  it('refuses a name that breaks the text rule and unknown fields with 400', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    for (const body of [
      { name: 'a\u0000b' },
      { name: 'x'.repeat(121) },
      { name: '   ' },
      { name: 'ok', extra: 1 },
    ]) {
      const res = await save(ana, project.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await list(ana, project.id)).json().versions).toEqual([]);
  });

  it('restores a version exactly as one live change, saving the document first so the restore can be undone', async () => {
    t = await createTestApp();
    const { owner, member, workspaceId } = await createTeam(t.app);
    const project = await insertProject(t.app, owner, { workspaceId, isShared: true });
    const rich = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Título' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'negrita', marks: [{ type: 'bold' }] }] },
      ],
    };
    const { updatedAt } = await readDocument(owner, project.id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${project.id}/document`,
      headers: owner.auth,
      payload: { content: rich, updatedAt },
    });
    // The document as the live copy holds it (marks with their default attributes).
    const atSave = (await readDocument(owner, project.id)).content;
    expect(atSave).toMatchObject({ content: [{ type: 'heading' }, { type: 'paragraph' }] });
    const version = (await save(owner, project.id, { name: 'Buena' })).json();
    expect((await open(owner, project.id, version.id)).json().content).toEqual(atSave);
    await write(member, project.id, 'Lo reescribí todo');

    const res = await restore(member, project.id, version.id);
    expect(res.statusCode).toBe(200);
    expect((await readDocument(owner, project.id)).content).toEqual(atSave);
    expect(res.json().updatedAt).toBe((await readDocument(owner, project.id)).updatedAt);

    const saved = (await open(owner, project.id, res.json().savedVersionId)).json();
    expect(saved).toMatchObject({
      kind: 'before-restore',
      createdBy: { id: member.id },
      text: 'Lo reescribí todo',
    });
    // Undoing the restore: restoring the version saved just before it.
    expect((await restore(owner, project.id, saved.id)).statusCode).toBe(200);
    expect((await readDocument(member, project.id)).content).toEqual(paragraph('Lo reescribí todo'));
  });

  it('answers 404 for a version of another project or workspace, and for a project the user cannot see', async () => {
    t = await createTestApp();
    const { owner, member, workspaceId } = await createTeam(t.app);
    const outsider = await createUser(t.app);
    const shared = await insertProject(t.app, owner, { workspaceId, isShared: true });
    const other = await insertProject(t.app, owner, { workspaceId, isShared: true });
    const privateOne = await insertProject(t.app, owner, { workspaceId, isShared: false });
    const outsiders = await insertProject(t.app, outsider);
    const version = (await save(owner, shared.id)).json();
    const foreign = (await save(outsider, outsiders.id)).json();

    expect((await open(member, other.id, version.id)).statusCode).toBe(404);
    expect((await restore(member, other.id, version.id)).statusCode).toBe(404);
    expect((await open(owner, shared.id, foreign.id)).statusCode).toBe(404);
    expect((await restore(owner, shared.id, foreign.id)).statusCode).toBe(404);
    expect((await open(outsider, shared.id, version.id)).statusCode).toBe(404);
    expect((await list(outsider, shared.id)).statusCode).toBe(404);
    expect((await save(outsider, shared.id)).statusCode).toBe(404);
    expect((await list(member, privateOne.id)).statusCode).toBe(404);
    const missing = await open(owner, shared.id, 'not-a-uuid');
    expect(missing.statusCode).toBe(400);
    // Nothing was restored or saved by the refused calls.
    expect((await list(owner, shared.id)).json().versions).toHaveLength(1);
  });

  it(`keeps every named version and the newest ${DOCUMENT_UNNAMED_VERSIONS_KEPT} unnamed ones`, async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    const state = new Uint8Array([0, 0]);
    const base = Date.parse('2026-01-01T00:00:00Z');
    const row = (i: number, name: string | null) => ({
      projectId: project.id,
      kind: name ? ('manual' as const) : ('auto' as const),
      name,
      editorIds: [],
      yjsState: state,
      content: paragraph(`v${i}`),
      text: `v${i}`,
      createdAt: new Date(base + i * 1000),
    });
    await t.app.db
      .insert(documentVersions)
      .values([
        row(0, 'Primera'),
        ...Array.from({ length: DOCUMENT_UNNAMED_VERSIONS_KEPT }, (_, i) => row(i + 1, null)),
      ]);
    expect((await save(ana, project.id)).statusCode).toBe(201);
    const unnamed = await t.app.db
      .select({ text: documentVersions.text })
      .from(documentVersions)
      .where(and(eq(documentVersions.projectId, project.id), isNull(documentVersions.name)));
    expect(unnamed).toHaveLength(DOCUMENT_UNNAMED_VERSIONS_KEPT);
    // The oldest unnamed one went; the named one, older still, stayed.
    expect(unnamed.map((v) => v.text)).not.toContain('v1');
    const versions = (await list(ana, project.id)).json().versions as { name: string | null }[];
    expect(versions).toHaveLength(DOCUMENT_UNNAMED_VERSIONS_KEPT + 1);
    expect(versions.at(-1)!.name).toBe('Primera');
    // Saving named versions deletes none.
    expect((await save(ana, project.id, { name: 'Otra' })).statusCode).toBe(201);
    expect((await list(ana, project.id)).json().versions).toHaveLength(DOCUMENT_UNNAMED_VERSIONS_KEPT + 2);
  });

  it("counts versions in the workspace's storage and refuses one that would not fit with 413 STORAGE_FULL", async () => {
    t = await createTestApp({}, { storageQuotas: SMALL_STORAGE_QUOTAS });
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    await write(ana, project.id, 'Texto que ocupa un poco de sitio');
    const storage = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/workspace/${ana.workspaceId}/storage`,
          headers: ana.auth,
        })
      ).json().usedBytes as number;
    const before = await storage();
    const version = (await save(ana, project.id)).json();
    expect(await storage()).toBeGreaterThan(before);

    // Fill the workspace to a few bytes short of its quota.
    const filler = await insertProject(t.app, ana);
    const room = 10;
    await t.app.db.insert(conversationEntries).values({
      projectId: filler.id,
      role: 'user',
      content: randomBytes(Math.ceil((SMALL_STORAGE_QUOTAS.free - (await storage()) - room) / 2)).toString(
        'hex',
      ),
      createdBy: ana.id,
    });
    const full = await save(ana, project.id);
    expect(full.statusCode).toBe(413);
    expect(full.json().error.code).toBe('STORAGE_FULL');
    // A restore needs room for the version it saves first; nothing changes when there is none.
    await write(ana, project.id, 'Cambio');
    const refused = await restore(ana, project.id, version.id);
    expect(refused.statusCode).toBe(413);
    expect((await readDocument(ana, project.id)).content).toEqual(paragraph('Cambio'));
  });
});
