import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documents, projects } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { createTeam, doc, insertProject } from '../helpers/project-factories.ts';
import { DOCUMENT_SAVES_PER_MINUTE } from '../../src/modules/projects/save-limits.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

const read = (projectId: string, auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/project/${projectId}/document`, headers: auth });
/** The time of the document as its owner reads it: what a save is based on. */
const readTime = async (projectId: string, auth: Record<string, string>) =>
  (await read(projectId, auth)).json().updatedAt ?? new Date().toISOString();
/** A save based on the document as it is now, unless the payload names the time it was based on. */
const save = async (projectId: string, auth: Record<string, string>, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/project/${projectId}/document`,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(
      'updatedAt' in payload ? payload : { ...payload, updatedAt: await readTime(projectId, auth) },
    ),
  });

describe('GET|PATCH /api/project/:id/document', () => {
  it('saves ProseMirror JSON, answers only the saved time, and reads it back', async () => {
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana, { updatedAt: new Date('2026-01-01T00:00:00Z') });
    const content = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Título' }] },
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'negrita',
              marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://a.b' } }],
            },
          ],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] },
      ],
    };
    const res = await save(project.id, ana.auth, { content });
    expect(res.statusCode).toBe(200);
    // The editor holds what it sent: the answer does not echo the document.
    expect(Object.keys(res.json())).toEqual(['updatedAt']);
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(Date.parse('2026-01-02T00:00:00Z'));
    expect((await read(project.id, ana.auth)).json().content).toEqual(content);
    // Saving the document makes the project recently updated.
    const [row] = await t.app.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.updatedAt.toISOString()).toBe(res.json().updatedAt);
  });

  it('is a team document: any member may read and write a shared project, nobody else a private one', async () => {
    const { owner, member, other, workspaceId } = await createTeam(t.app);
    const outsider = await createUser(t.app);
    const shared = await insertProject(t.app, member, { workspaceId, isShared: true });
    const hidden = await insertProject(t.app, member, { workspaceId });

    expect((await save(shared.id, other.auth, { content: doc('del equipo') })).statusCode).toBe(200);
    expect((await read(shared.id, owner.auth)).json().content).toEqual(doc('del equipo'));
    for (const user of [other, owner, outsider]) {
      expect((await save(hidden.id, user.auth, { content: doc('intruso') })).statusCode).toBe(404);
      expect((await read(hidden.id, user.auth)).statusCode).toBe(404);
    }
    expect((await save(shared.id, outsider.auth, { content: doc('intruso') })).statusCode).toBe(404);
    expect((await read(hidden.id, member.auth)).json().content).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph' }],
    });
  });

  it('refuses content that is not a ProseMirror document with 400', async () => {
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    let deep: Record<string, unknown> = { type: 'text', text: 'x' };
    for (let i = 0; i < 80; i++) deep = { type: 'blockquote', content: [deep] };
    const invalid = [
      { content: 'hola' },
      { content: { type: 'paragraph', content: [] } },
      { content: { type: 'doc' } },
      { content: { type: 'doc', content: {} } },
      { content: { type: 'doc', content: [{ text: 'sin tipo' }] } },
      { content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 5 }] }] } },
      { content: { type: 'doc', content: [{ type: 'text', text: 42 }] } },
      { content: { type: 'doc', content: [{ type: 'text', text: 'x', marks: [{}] }] } },
      { content: { type: 'doc', content: [deep] } },
      { content: doc('ok'), extra: true },
      {},
    ];
    for (const payload of invalid) {
      const res = await save(project.id, ana.auth, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const malformedJson = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${project.id}/document`,
      headers: { ...ana.auth, 'content-type': 'application/json' },
      payload: '{"content": ',
    });
    expect(malformedJson.statusCode).toBe(400);
    expect(malformedJson.json().error.code).toBe('VALIDATION_FAILED');
    const [row] = await t.app.db.select().from(documents).where(eq(documents.projectId, project.id));
    expect(row!.content).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('takes up to 1 MB and answers 413 DOCUMENT_TOO_LARGE beyond, however large', async () => {
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    const sized = (bytes: number) => {
      const empty = JSON.stringify(doc('')).length;
      return doc('a'.repeat(bytes - empty));
    };
    const atLimit = await save(project.id, ana.auth, { content: sized(1024 * 1024) });
    expect(atLimit.statusCode).toBe(200);
    const over = await save(project.id, ana.auth, { content: sized(1024 * 1024 + 1) });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error: { code: 'DOCUMENT_TOO_LARGE' } });
    // Multi-byte characters count as bytes, not characters.
    const accents = await save(project.id, ana.auth, { content: doc('é'.repeat(600 * 1024)) });
    expect(accents.statusCode).toBe(413);
    // Beyond the server's body limit the request is refused before parsing, with the same code.
    const huge = await save(project.id, ana.auth, { content: sized(3 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: { code: 'DOCUMENT_TOO_LARGE' } });
    const [row] = await t.app.db.select().from(documents).where(eq(documents.projectId, project.id));
    expect(JSON.stringify(row!.content).length).toBe(1024 * 1024);
  });

  it('takes at most 120 saves a minute from one user (429 beyond, others unaffected)', async () => {
    const ana = await createUser(t.app);
    const bea = await createUser(t.app);
    const mine = await insertProject(t.app, ana);
    const hers = await insertProject(t.app, bea);
    for (let i = 0; i < DOCUMENT_SAVES_PER_MINUTE; i++) {
      expect((await save(mine.id, ana.auth, { content: doc(`versión ${i}`) })).statusCode).toBe(200);
    }
    const over = await save(mine.id, ana.auth, { content: doc('una más') });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect((await read(mine.id, ana.auth)).json().content).toEqual(
      doc(`versión ${DOCUMENT_SAVES_PER_MINUTE - 1}`),
    );
    expect((await save(hers.id, bea.auth, { content: doc('la suya') })).statusCode).toBe(200);
    // 121 saves one after another: on PostgreSQL beside a busy suite they took over 30 s.
  }, 90_000);

  it('handles two saves of one user at a time, refuses more at once with 429, and a stale one with 409', async () => {
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    const updatedAt = await readTime(project.id, ana.auth);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => save(project.id, ana.auth, { content: doc(`a la vez ${n}`), updatedAt })),
    );
    // Of the two handled, both based on the same time, the second finds the document changed.
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 429, 429]);
    expect(answers.find((res) => res.statusCode === 429)!.json().error.code).toBe('RATE_LIMITED');
    // Once they are answered the next save goes through.
    expect((await save(project.id, ana.auth, { content: doc('después') })).statusCode).toBe(200);
  });
});
