import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folders, projects } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { createTeam, insertFolder, insertProject } from '../helpers/project-factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload === undefined ? {} : { payload }) });

describe('POST /api/folder', () => {
  it('creates a folder with a trimmed name for any member', async () => {
    const { member, workspaceId } = await createTeam(t.app);
    const res = await call('POST', '/api/folder', member, { workspaceId, name: '  Campañas  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ workspaceId, name: 'Campañas', createdBy: member.id });
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a name already used in the workspace, ignoring case, with 409 FOLDER_NAME_TAKEN', async () => {
    const ana = await createUser(t.app);
    const bob = await createUser(t.app);
    await call('POST', '/api/folder', ana, { workspaceId: ana.workspaceId, name: 'Blog' });
    const clash = await call('POST', '/api/folder', ana, { workspaceId: ana.workspaceId, name: ' BLOG ' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: { code: 'FOLDER_NAME_TAKEN' } });
    // Another workspace may use the same name.
    const elsewhere = await call('POST', '/api/folder', bob, { workspaceId: bob.workspaceId, name: 'blog' });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses missing, blank and over-long names, unknown fields, and other workspaces', async () => {
    const ana = await createUser(t.app);
    const bob = await createUser(t.app);
    const workspaceId = ana.workspaceId;
    for (const payload of [
      { workspaceId },
      { workspaceId, name: '   ' },
      { workspaceId, name: 'x'.repeat(101) },
      { workspaceId, name: 'ok', color: 'red' },
      { workspaceId: 'nope', name: 'ok' },
    ]) {
      const res = await call('POST', '/api/folder', ana, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await call('POST', '/api/folder', ana, { workspaceId, name: 'x'.repeat(100) })).statusCode).toBe(
      201,
    );
    const foreign = await call('POST', '/api/folder', bob, { workspaceId, name: 'Intruso' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await t.app.db.select().from(folders).where(eq(folders.name, 'Intruso'))).toHaveLength(0);
  });
});

describe('PATCH /api/folder/rename/:id', () => {
  it('renames; a name taken by another folder is 409, its own name in another case is fine', async () => {
    const ana = await createUser(t.app);
    const folder = await insertFolder(t.app, ana, { name: 'Ideas' });
    await insertFolder(t.app, ana, { name: 'Blog' });
    const url = `/api/folder/rename/${folder.id}`;
    const res = await call('PATCH', url, ana, { name: ' Borradores ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: folder.id, name: 'Borradores' });
    const clash = await call('PATCH', url, ana, { name: 'bLoG' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('FOLDER_NAME_TAKEN');
    expect((await call('PATCH', url, ana, { name: 'BORRADORES' })).statusCode).toBe(200);
    expect((await call('PATCH', url, ana, { name: '' })).statusCode).toBe(400);
  });

  it('is 404 from another workspace, 403 for a member who did not create it; the owner may', async () => {
    const { owner, member, other, workspaceId } = await createTeam(t.app);
    const outsider = await createUser(t.app);
    const folder = await insertFolder(t.app, member, { workspaceId });
    const url = `/api/folder/rename/${folder.id}`;
    expect((await call('PATCH', url, outsider, { name: 'X' })).statusCode).toBe(404);
    const forbidden = await call('PATCH', url, other, { name: 'X' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await call('PATCH', url, owner, { name: 'Del dueño' })).json().name).toBe('Del dueño');
    expect((await call('PATCH', url, member, { name: 'Mía' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/folder/:id', () => {
  it('keeps every project in it (anyone’s): they move to the top level', async () => {
    const { owner, member, workspaceId } = await createTeam(t.app);
    const folder = await insertFolder(t.app, member, { workspaceId });
    const own = await insertProject(t.app, member, { workspaceId, folderId: folder.id });
    const ownersPrivate = await insertProject(t.app, owner, { workspaceId, folderId: folder.id });

    const res = await call('DELETE', `/api/folder/${folder.id}`, member);
    expect(res.statusCode).toBe(204);
    expect(await t.app.db.select().from(folders).where(eq(folders.id, folder.id))).toHaveLength(0);
    const rows = await t.app.db.select().from(projects).where(eq(projects.workspaceId, workspaceId));
    expect(rows.map((row) => [row.id, row.folderId]).sort()).toEqual(
      [
        [own.id, null],
        [ownersPrivate.id, null],
      ].sort(),
    );
    const top = await call('GET', `/api/workspace/${workspaceId}/projects/no-folder`, member);
    expect(top.json().items.map((item: { id: string }) => item.id)).toEqual([own.id]);
    const ownersTop = await call('GET', `/api/workspace/${workspaceId}/projects/no-folder`, owner);
    expect(ownersTop.json().items.map((item: { id: string }) => item.id)).toEqual([ownersPrivate.id]);
    expect((await call('DELETE', `/api/folder/${folder.id}`, member)).statusCode).toBe(404);
  });

  it('is 404 from another workspace and 403 for a member who did not create it', async () => {
    const { owner, member, other, workspaceId } = await createTeam(t.app);
    const outsider = await createUser(t.app);
    const folder = await insertFolder(t.app, member, { workspaceId });
    expect((await call('DELETE', `/api/folder/${folder.id}`, outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/folder/${folder.id}`, other)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/folder/xyz', member)).statusCode).toBe(400);
    expect(await t.app.db.select().from(folders)).toHaveLength(1);
    expect((await call('DELETE', `/api/folder/${folder.id}`, owner)).statusCode).toBe(204);
  });
});

describe('GET /api/folder/:id/projects', () => {
  it('lists the visible projects in the folder, sorted and paginated', async () => {
    const { owner, member, other, workspaceId } = await createTeam(t.app);
    const outsider = await createUser(t.app);
    const folder = await insertFolder(t.app, owner);
    const same = new Date('2026-03-03T03:03:03.303Z');
    const visible: string[] = [];
    for (let i = 0; i < 3; i++) {
      visible.push(
        (await insertProject(t.app, member, { workspaceId, folderId: folder.id, createdAt: same })).id,
      );
    }
    visible.push(
      (
        await insertProject(t.app, other, {
          workspaceId,
          folderId: folder.id,
          isShared: true,
          createdAt: same,
        })
      ).id,
    );
    await insertProject(t.app, other, { workspaceId, folderId: folder.id });
    await insertProject(t.app, member, { workspaceId });

    const url = `/api/folder/${folder.id}/projects?sort=createdAt&order=asc&limit=3`;
    const first = await call('GET', url, member);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toHaveLength(3);
    const second = await call('GET', `${url}&cursor=${first.json().nextCursor}`, member);
    expect(second.json().nextCursor).toBeNull();
    const ids = [...first.json().items, ...second.json().items].map((item: { id: string }) => item.id);
    expect(ids).toEqual([...visible].sort());

    expect((await call('GET', `/api/folder/${folder.id}/projects`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/folder/${folder.id}/projects?limit=500`, member)).statusCode).toBe(400);
  });
});

describe('GET /api/workspace/:id/folders', () => {
  it('lists the folders newest first with the number of projects the user can see', async () => {
    const { owner, member, other, workspaceId } = await createTeam(t.app);
    const older = await insertFolder(t.app, owner, { name: 'Antigua', createdAt: new Date('2026-01-01') });
    const newer = await insertFolder(t.app, member, {
      workspaceId,
      name: 'Nueva',
      createdAt: new Date('2026-02-01'),
    });
    await insertProject(t.app, member, { workspaceId, folderId: newer.id });
    await insertProject(t.app, other, { workspaceId, folderId: newer.id, isShared: true });
    await insertProject(t.app, other, { workspaceId, folderId: newer.id });
    await insertProject(t.app, other, { workspaceId, folderId: older.id });
    const outsider = await createUser(t.app);
    await insertFolder(t.app, outsider, { name: 'Ajena' });

    const res = await call('GET', `/api/workspace/${workspaceId}/folders`, member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: newer.id,
        workspaceId,
        name: 'Nueva',
        createdBy: member.id,
        createdAt: newer.createdAt.toISOString(),
        updatedAt: newer.updatedAt.toISOString(),
        projectCount: 2,
      },
      expect.objectContaining({ id: older.id, name: 'Antigua', projectCount: 0 }),
    ]);
    const forOther = await call('GET', `/api/workspace/${workspaceId}/folders`, other);
    expect(forOther.json().map((f: { projectCount: number }) => f.projectCount)).toEqual([2, 1]);
    expect((await call('GET', `/api/workspace/${workspaceId}/folders`, outsider)).statusCode).toBe(404);
  });
});
