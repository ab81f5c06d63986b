import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { createTeam, insertFolder, insertProject } from '../helpers/project-factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

type Item = { id: string; name: string; folderId: string | null };
const list = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.auth });

/** Follows nextCursor to the end; fails on a repeated page. */
async function allPages(url: string, user: TestUser): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const separator = url.includes('?') ? '&' : '?';
    const res = await list(cursor ? `${url}${separator}cursor=${cursor}` : url, user);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: Item[]; nextCursor: string | null };
    ids.push(...body.items.map((item) => item.id));
    cursor = body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('pagination did not end');
}

describe('GET /api/workspace/:id/projects and /projects/no-folder', () => {
  it('lists own and shared projects, never another member’s private ones; no-folder leaves out foldered ones', async () => {
    const { owner, member, other, workspaceId } = await createTeam(t.app);
    const folder = await insertFolder(t.app, owner);
    const mine = await insertProject(t.app, member, { workspaceId, name: 'mine' });
    const sharedInFolder = await insertProject(t.app, other, {
      workspaceId,
      name: 'shared',
      isShared: true,
      folderId: folder.id,
    });
    await insertProject(t.app, other, { workspaceId, name: 'private of other' });
    await insertProject(t.app, member, { name: 'in member’s own workspace' });

    const all = await list(`/api/workspace/${workspaceId}/projects`, member);
    expect(all.statusCode).toBe(200);
    expect(all.json().nextCursor).toBeNull();
    expect(
      all
        .json()
        .items.map((item: Item) => item.id)
        .sort(),
    ).toEqual([mine.id, sharedInFolder.id].sort());
    expect(all.json().items.find((item: Item) => item.id === mine.id)).toMatchObject({
      name: 'mine',
      workspaceId,
      folderId: null,
      isShared: false,
      createdBy: member.id,
    });

    const top = await list(`/api/workspace/${workspaceId}/projects/no-folder`, member);
    expect(top.json().items.map((item: Item) => item.id)).toEqual([mine.id]);
  });

  it('gives 404 for a workspace the user is not a member of', async () => {
    const ana = await createUser(t.app);
    const bob = await createUser(t.app);
    await insertProject(t.app, ana, { isShared: true });
    for (const path of ['projects', 'projects/no-folder']) {
      const res = await list(`/api/workspace/${ana.workspaceId}/${path}`, bob);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('pages in a stable order under equal timestamps, in both directions, without repeats or gaps', async () => {
    const ana = await createUser(t.app);
    const same = new Date('2026-06-01T12:00:00.123Z');
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      created.push((await insertProject(t.app, ana, { name: `p${i}`, createdAt: same, updatedAt: same })).id);
    }
    const older = await insertProject(t.app, ana, { createdAt: new Date('2026-05-01T00:00:00Z') });
    const newer = await insertProject(t.app, ana, { createdAt: new Date('2026-07-01T00:00:00Z') });
    const tiesDesc = [...created].sort().reverse();

    const base = `/api/workspace/${ana.workspaceId}/projects`;
    const desc = await allPages(`${base}?sort=createdAt&order=desc&limit=2`, ana);
    expect(desc).toEqual([newer.id, ...tiesDesc, older.id]);
    const asc = await allPages(`${base}?sort=createdAt&order=asc&limit=3`, ana);
    expect(asc).toEqual([...desc].reverse());
    // Default: newest first, 50 a page.
    expect(await allPages(base, ana)).toEqual(desc);
    const top = await allPages(`${base}/no-folder?sort=updatedAt&order=desc&limit=1`, ana);
    expect(new Set(top).size).toBe(9);
  });

  it('keeps microsecond timestamps apart across pages', async () => {
    const ana = await createUser(t.app);
    // Three rows within the same millisecond: a cursor rounded to milliseconds would skip or repeat.
    for (const micro of ['100', '200', '300']) {
      const project = await insertProject(t.app, ana);
      const at = `2026-06-01 12:00:00.123${micro}+00`;
      await t.app.db.execute(
        sql`update projects set created_at = ${at}::timestamptz where id = ${project.id}`,
      );
    }
    const ids = await allPages(`/api/workspace/${ana.workspaceId}/projects?limit=1`, ana);
    expect(new Set(ids).size).toBe(3);
  });

  it('sorts by name ignoring case, then by id', async () => {
    const ana = await createUser(t.app);
    const names = ['banana', 'Apple', 'cherry', 'apple'];
    const byName = new Map<string, string>();
    for (const name of names) byName.set((await insertProject(t.app, ana, { name })).id, name);
    const ids = await allPages(`/api/workspace/${ana.workspaceId}/projects?sort=name&order=asc&limit=1`, ana);
    const sorted = ids.map((id) => byName.get(id)!.toLowerCase());
    expect(sorted).toEqual(['apple', 'apple', 'banana', 'cherry']);
    const apples = ids.slice(0, 2);
    expect(apples).toEqual([...apples].sort());
    const desc = await allPages(
      `/api/workspace/${ana.workspaceId}/projects?sort=name&order=desc&limit=3`,
      ana,
    );
    expect(desc).toEqual([...ids].reverse());
  });

  it('rejects bad sort keys, limits and cursors with 400 in the error shape', async () => {
    const ana = await createUser(t.app);
    for (let i = 0; i < 3; i++) await insertProject(t.app, ana);
    const base = `/api/workspace/${ana.workspaceId}/projects`;
    const first = await list(`${base}?limit=1&sort=name`, ana);
    const cursor = first.json().nextCursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const query of [
      'sort=size',
      'order=up',
      'limit=0',
      'limit=101',
      'limit=abc',
      'cursor=not-a-cursor',
      `cursor=${Buffer.from('["name","asc","x","1"]').toString('base64url')}`,
      `sort=createdAt&cursor=${cursor}`,
      'unknown=1',
    ]) {
      const res = await list(`${base}?${query}`, ana);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe(query.includes('cursor=') ? 'CURSOR_INVALID' : 'VALIDATION_FAILED');
    }
    expect((await list('/api/workspace/nope/projects', ana)).statusCode).toBe(400);
  });
});
