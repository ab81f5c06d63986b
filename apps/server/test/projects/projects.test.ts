import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversationEntries, documents, projects, reactions } from '../../src/db/schema.ts';
import { createTestApp, emptyDatabase, type TestApp } from '../helpers/app.ts';
import { addMember, createUser } from '../helpers/factories.ts';
import { createTeam, insertConversation, insertFolder, insertProject } from '../helpers/project-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(emptyDatabase);
afterAll(() => t.app.close());

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  auth: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });

describe('POST /api/workspace/:id/project', () => {
  it('creates a private project named "<date> Sin título" with an empty document', async () => {
    const ana = await createUser(t.app);
    const res = await inject('POST', `/api/workspace/${ana.workspaceId}/project`, ana.auth);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const project = await inject('GET', `/api/project/${id}`, ana.auth);
    expect(project.statusCode).toBe(200);
    expect(project.json()).toMatchObject({
      id,
      workspaceId: ana.workspaceId,
      folderId: null,
      isShared: false,
      createdBy: ana.id,
    });
    const today = new Intl.DateTimeFormat('es', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    expect(project.json().name).toBe(`${today} Sin título`);
    const document = await inject('GET', `/api/project/${id}/document`, ana.auth);
    expect(document.json().content).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  // What a person reads in their list: "6 dic 2026 Sin título" (es) or "Dec 6, 2026 Untitled" (en).
  const todays = (locale: 'es' | 'en') => {
    const date = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    return `${date} ${locale === 'es' ? 'Sin título' : 'Untitled'}`;
  };

  async function newProjectName(workspaceId: string, user: { auth: Record<string, string> }) {
    const res = await inject('POST', `/api/workspace/${workspaceId}/project`, user.auth, {});
    expect(res.statusCode).toBe(201);
    return (await inject('GET', `/api/project/${res.json().id}`, user.auth)).json().name as string;
  }

  it('names it in its creator’s language, whatever the workspace owner’s, and takes a given name', async () => {
    const spanishTeam = await createTeam(t.app, 'es');
    const english = await createUser(t.app, { locale: 'en' });
    await addMember(t.app, spanishTeam.workspaceId, english.id);
    expect(todays('en')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} Untitled$/);
    expect(await newProjectName(spanishTeam.workspaceId, english)).toBe(todays('en'));
    expect(await newProjectName(spanishTeam.workspaceId, spanishTeam.owner)).toBe(todays('es'));

    const englishTeam = await createTeam(t.app, 'en');
    expect(await newProjectName(englishTeam.workspaceId, englishTeam.member)).toBe(todays('es'));
    expect(await newProjectName(englishTeam.workspaceId, englishTeam.owner)).toBe(todays('en'));

    const named = await inject('POST', `/api/workspace/${spanishTeam.workspaceId}/project`, english.auth, {
      name: '  Campaña  ',
    });
    expect(named.statusCode).toBe(201);
    const namedProject = await inject('GET', `/api/project/${named.json().id}`, english.auth);
    expect(namedProject.json().name).toBe('Campaña');
  });

  it('names a teammate’s first project in the language they last chose in the interface', async () => {
    const { member, workspaceId } = await createTeam(t.app, 'es');
    const toEnglish = await inject('PATCH', '/api/user/locale', member.auth, { locale: 'en' });
    expect(toEnglish.statusCode).toBe(204);
    expect(await newProjectName(workspaceId, member)).toBe(todays('en'));
    await inject('PATCH', '/api/user/locale', member.auth, { locale: 'es' });
    expect(await newProjectName(workspaceId, member)).toBe(todays('es'));

    const english = await createUser(t.app, { locale: 'en' });
    expect(await newProjectName(english.workspaceId, english)).toBe(todays('en'));
  });

  it('gives 404 in a workspace the user is not a member of, and creates nothing', async () => {
    const ana = await createUser(t.app);
    const bob = await createUser(t.app);
    const res = await inject('POST', `/api/workspace/${ana.workspaceId}/project`, bob.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await t.app.db.select().from(projects)).toHaveLength(0);
  });

  it('rejects malformed ids and bodies in the error shape, and needs a token', async () => {
    const ana = await createUser(t.app);
    const badId = await inject('POST', '/api/workspace/not-a-uuid/project', ana.auth);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', issues: expect.any(Array) } });
    for (const payload of [{ name: '' }, { name: 'x'.repeat(121) }, { name: 'ok', extra: 1 }]) {
      const res = await inject('POST', `/api/workspace/${ana.workspaceId}/project`, ana.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${ana.workspaceId}/project`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/project/:id', () => {
  it('shows own and shared projects; another member’s private project and other workspaces are 404', async () => {
    const { owner, member, other } = await createTeam(t.app);
    const outsider = await createUser(t.app);
    const mine = await insertProject(t.app, member, { workspaceId: owner.workspaceId, name: 'Mío' });
    const shared = await insertProject(t.app, other, { workspaceId: owner.workspaceId, isShared: true });

    const own = await inject('GET', `/api/project/${mine.id}`, member.auth);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      id: mine.id,
      name: 'Mío',
      workspaceId: owner.workspaceId,
      folderId: null,
      isShared: false,
      createdBy: member.id,
      createdAt: mine.createdAt.toISOString(),
      updatedAt: mine.updatedAt.toISOString(),
    });
    expect((await inject('GET', `/api/project/${shared.id}`, member.auth)).statusCode).toBe(200);
    // Private means private: not even the workspace owner sees a member's private project.
    for (const user of [other, owner, outsider]) {
      const res = await inject('GET', `/api/project/${mine.id}`, user.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect((await inject('GET', `/api/project/${shared.id}`, outsider.auth)).statusCode).toBe(404);
    expect((await inject('GET', '/api/project/123', member.auth)).statusCode).toBe(400);
  });
});

describe('PATCH /api/project/rename/:id', () => {
  it('lets the creator rename, trimmed; refuses empty and over-long names', async () => {
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    const res = await inject('PATCH', `/api/project/rename/${project.id}`, ana.auth, { name: '  Nuevo  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: project.id, name: 'Nuevo' });
    for (const name of ['   ', 'x'.repeat(121)]) {
      const bad = await inject('PATCH', `/api/project/rename/${project.id}`, ana.auth, { name });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    }
    const ok = await inject('PATCH', `/api/project/rename/${project.id}`, ana.auth, {
      name: 'x'.repeat(120),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('gives 403 to a member on a shared project, 404 on a private one, and lets the owner rename', async () => {
    const { owner, member, other } = await createTeam(t.app);
    const shared = await insertProject(t.app, member, { workspaceId: owner.workspaceId, isShared: true });
    const hidden = await insertProject(t.app, member, { workspaceId: owner.workspaceId });

    const forbidden = await inject('PATCH', `/api/project/rename/${shared.id}`, other.auth, { name: 'No' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const notFound = await inject('PATCH', `/api/project/rename/${hidden.id}`, other.auth, { name: 'No' });
    expect(notFound.statusCode).toBe(404);

    const byOwner = await inject('PATCH', `/api/project/rename/${shared.id}`, owner.auth, {
      name: 'Del dueño',
    });
    expect(byOwner.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(projects).where(eq(projects.id, hidden.id));
    expect(row!.name).toBe('Proyecto');
  });
});

describe('PATCH /api/project/:id/share-to-workspace', () => {
  it('toggles shared and private; teammates see it only while shared', async () => {
    const { member, other, workspaceId } = await createTeam(t.app);
    const project = await insertProject(t.app, member, { workspaceId });
    const url = `/api/project/${project.id}/share-to-workspace`;

    const shared = await inject('PATCH', url, member.auth);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({ id: project.id, isShared: true });
    expect((await inject('GET', `/api/project/${project.id}`, other.auth)).statusCode).toBe(200);

    expect((await inject('PATCH', url, other.auth)).statusCode).toBe(403);

    const unshared = await inject('PATCH', url, member.auth);
    expect(unshared.json()).toEqual({ id: project.id, isShared: false });
    expect((await inject('GET', `/api/project/${project.id}`, other.auth)).statusCode).toBe(404);
    expect((await inject('PATCH', url, other.auth)).statusCode).toBe(404);
  });

  it('sets the state asked for, however often it is asked (a double click, two people at once), and refuses a bad body', async () => {
    const { member, other, workspaceId } = await createTeam(t.app);
    const project = await insertProject(t.app, member, { workspaceId });
    const url = `/api/project/${project.id}/share-to-workspace`;

    const [first, second] = await Promise.all([
      inject('PATCH', url, member.auth, { isShared: true }),
      inject('PATCH', url, member.auth, { isShared: true }),
    ]);
    expect([first.json(), second.json()]).toEqual([
      { id: project.id, isShared: true },
      { id: project.id, isShared: true },
    ]);
    expect((await inject('GET', `/api/project/${project.id}`, other.auth)).statusCode).toBe(200);

    for (let i = 0; i < 2; i++) {
      const made = await inject('PATCH', url, member.auth, { isShared: false });
      expect(made.json()).toEqual({ id: project.id, isShared: false });
    }
    expect((await inject('GET', `/api/project/${project.id}`, other.auth)).statusCode).toBe(404);

    for (const body of [{ isShared: 'yes' }, { isShared: true, extra: 1 }, {}]) {
      const refused = await inject('PATCH', url, member.auth, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
    const [row] = await t.app.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.isShared).toBe(false);
  });

  it('lets the workspace owner share or unshare a member’s shared project', async () => {
    const { owner, member, workspaceId } = await createTeam(t.app);
    const project = await insertProject(t.app, member, { workspaceId, isShared: true });
    const res = await inject('PATCH', `/api/project/${project.id}/share-to-workspace`, owner.auth);
    expect(res.json()).toEqual({ id: project.id, isShared: false });
  });
});

describe('PATCH /api/project/:id/move-to-folder/:folderId', () => {
  it('moves into a folder of the same workspace and back to the top level with "none"', async () => {
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    const folder = await insertFolder(t.app, ana);

    const moved = await inject('PATCH', `/api/project/${project.id}/move-to-folder/${folder.id}`, ana.auth);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: project.id, folderId: folder.id });

    const back = await inject('PATCH', `/api/project/${project.id}/move-to-folder/none`, ana.auth);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: project.id, folderId: null });
  });

  it('refuses a folder of another workspace (404), a malformed folder id (400) and non-editors', async () => {
    const { owner, member, other, workspaceId } = await createTeam(t.app);
    const outsider = await createUser(t.app);
    const project = await insertProject(t.app, member, { workspaceId, isShared: true });
    const foreignFolder = await insertFolder(t.app, outsider);
    const folder = await insertFolder(t.app, owner);

    const foreign = await inject(
      'PATCH',
      `/api/project/${project.id}/move-to-folder/${foreignFolder.id}`,
      member.auth,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const malformed = await inject('PATCH', `/api/project/${project.id}/move-to-folder/top`, member.auth);
    expect(malformed.statusCode).toBe(400);
    const byOther = await inject(
      'PATCH',
      `/api/project/${project.id}/move-to-folder/${folder.id}`,
      other.auth,
    );
    expect(byOther.statusCode).toBe(403);
    const byOutsider = await inject(
      'PATCH',
      `/api/project/${project.id}/move-to-folder/${folder.id}`,
      outsider.auth,
    );
    expect(byOutsider.statusCode).toBe(404);

    const [row] = await t.app.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.folderId).toBeNull();
    const byOwner = await inject(
      'PATCH',
      `/api/project/${project.id}/move-to-folder/${folder.id}`,
      owner.auth,
    );
    expect(byOwner.json().folderId).toBe(folder.id);
  });
});

describe('DELETE /api/project/:id', () => {
  it('deletes the project with its conversation, reactions and document', async () => {
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    const kept = await insertProject(t.app, ana);
    await insertConversation(t.app, project.id, ana);
    await insertConversation(t.app, kept.id, ana);

    const res = await inject('DELETE', `/api/project/${project.id}`, ana.auth);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await inject('GET', `/api/project/${project.id}`, ana.auth)).statusCode).toBe(404);
    const where = eq(conversationEntries.projectId, project.id);
    expect(await t.app.db.select().from(conversationEntries).where(where)).toHaveLength(0);
    expect(await t.app.db.select().from(documents).where(eq(documents.projectId, project.id))).toHaveLength(
      0,
    );
    // The other project's conversation and its reaction are untouched.
    expect(await t.app.db.select().from(conversationEntries)).toHaveLength(2);
    expect(await t.app.db.select().from(reactions)).toHaveLength(1);
    expect((await inject('DELETE', `/api/project/${project.id}`, ana.auth)).statusCode).toBe(404);
  });

  it('gives 403 to a member on a shared project and 404 on a private one; the owner may delete', async () => {
    const { owner, member, other, workspaceId } = await createTeam(t.app);
    const shared = await insertProject(t.app, member, { workspaceId, isShared: true });
    const hidden = await insertProject(t.app, member, { workspaceId });
    expect((await inject('DELETE', `/api/project/${shared.id}`, other.auth)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/project/${hidden.id}`, other.auth)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/project/${hidden.id}`, owner.auth)).statusCode).toBe(404);
    expect(await t.app.db.select().from(projects)).toHaveLength(2);
    expect((await inject('DELETE', `/api/project/${shared.id}`, owner.auth)).statusCode).toBe(204);
  });

  it('is one transaction: a failure after the conversation and document are deleted leaves everything', async () => {
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    await insertConversation(t.app, project.id, ana);
    // Kill the transaction midway: the last step (deleting the project row) fails.
    await t.app.db.execute(sql`
      create or replace function redacta_test_refuse_delete() returns trigger language plpgsql as $$
      begin raise exception 'killed midway'; end $$`);
    await t.app.db.execute(sql`
      create trigger redacta_test_refuse_delete before delete on projects
      for each row execute function redacta_test_refuse_delete()`);
    try {
      const res = await inject('DELETE', `/api/project/${project.id}`, ana.auth);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    } finally {
      await t.app.db.execute(sql`drop trigger redacta_test_refuse_delete on projects`);
      await t.app.db.execute(sql`drop function redacta_test_refuse_delete()`);
    }
    expect(await t.app.db.select().from(projects)).toHaveLength(1);
    expect(await t.app.db.select().from(conversationEntries)).toHaveLength(2);
    expect(await t.app.db.select().from(reactions)).toHaveLength(1);
    expect(await t.app.db.select().from(documents)).toHaveLength(1);
  });
});
