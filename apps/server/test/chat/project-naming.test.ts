import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatStreamPartSchema, type ChatStreamPart } from '@redacta/shared';
import { projectTitleFrom } from '../../src/modules/chat/project-title.ts';
import { withdrawChatRequest } from '../../src/modules/chat/turn.ts';
import { projects } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';

describe('projectTitleFrom', () => {
  it('takes the first six words, cut on a word boundary within 60 characters', () => {
    expect(projectTitleFrom('Dame 10 nombres para una marca de cosmética natural')).toBe(
      'Dame 10 nombres para una marca',
    );
    expect(
      projectTitleFrom('Supercalifragilístico expialidoso anticonstitucionalmente desproporcionadamente'),
    ).toBe('Supercalifragilístico expialidoso anticonstitucionalmente');
    expect(projectTitleFrom('  Un   post\n\nsobre   yoga  ')).toBe('Un post sobre yoga');
  });

  it('drops markdown marks in front and punctuation at the end, and capitalises a lower-case start', () => {
    expect(projectTitleFrom('¿qué tendencias funcionan?')).toBe('Qué tendencias funcionan');
    expect(projectTitleFrom('## Ideas: campaña de otoño...')).toBe('Ideas: campaña de otoño');
    expect(projectTitleFrom('- escribe un correo, por favor, para clientes nuevos')).toBe(
      'Escribe un correo, por favor, para',
    );
    expect(projectTitleFrom('iPhone: 3 anuncios')).toBe('iPhone: 3 anuncios');
    expect(projectTitleFrom('Textos para «Café Lento»')).toBe('Textos para «Café Lento»');
  });

  it('cuts a single word longer than the limit, and names nothing without letters or digits', () => {
    expect(projectTitleFrom('a'.repeat(80))).toBe('A'.concat('a'.repeat(59)));
    expect(projectTitleFrom('?!… 🙂')).toBeNull();
  });
});

describe('a project is named from its first message', () => {
  let t: TestApp;
  let ana: TestUser;
  beforeEach(async () => {
    // No provider configured: the offline demo writer answers.
    t = await createTestApp();
    ana = await createUser(t.app);
  });
  afterEach(() => t.app.close());

  async function newProject(user = ana, name?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${user.workspaceId}/project`,
      headers: user.auth,
      payload: name ? { name } : undefined,
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: string }).id;
  }

  async function chat(projectId: string, message: string, user = ana): Promise<ChatStreamPart[]> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-request-stream',
      headers: user.auth,
      payload: { workspaceId: ana.workspaceId, projectId, message },
    });
    expect(res.statusCode).toBe(200);
    return res.body
      .split('\n')
      .filter(Boolean)
      .map((line) => chatStreamPartSchema.parse(JSON.parse(line)));
  }

  async function nameOf(projectId: string, user = ana) {
    const res = await t.app.inject({ method: 'GET', url: `/api/project/${projectId}`, headers: user.auth });
    return (res.json() as { name: string }).name;
  }

  it('takes a title from the first message and says so in the stream', async () => {
    const projectId = await newProject();
    expect(await nameOf(projectId)).toMatch(/ Sin título$/);
    const [start] = await chat(projectId, 'Escribe un anuncio sobre café de especialidad, por favor');
    expect(start).toMatchObject({ type: 'start', projectName: 'Escribe un anuncio sobre café de' });
    expect(await nameOf(projectId)).toBe('Escribe un anuncio sobre café de');
  });

  it('a second message does not rename it', async () => {
    const projectId = await newProject();
    await chat(projectId, 'Un post sobre yoga');
    const [start] = await chat(projectId, 'Ahora un correo para clientes');
    expect(start).not.toHaveProperty('projectName');
    expect(await nameOf(projectId)).toBe('Un post sobre yoga');
  });

  it('keeps a name the user gave: renamed before the first message, or named at creation', async () => {
    const renamed = await newProject();
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/rename/${renamed}`,
      headers: ana.auth,
      payload: { name: 'Campaña de otoño' },
    });
    expect(rename.statusCode).toBe(200);
    const [start] = await chat(renamed, 'Un post sobre yoga');
    expect(start).not.toHaveProperty('projectName');
    expect(await nameOf(renamed)).toBe('Campaña de otoño');

    const named = await newProject(ana, 'Lanzamiento');
    await chat(named, 'Un post sobre yoga');
    expect(await nameOf(named)).toBe('Lanzamiento');
  });

  it('a message with nothing to name it by leaves the default name for the next one', async () => {
    const projectId = await newProject();
    const untitled = await nameOf(projectId);
    await chat(projectId, '🙂🙂');
    expect(await nameOf(projectId)).toBe(untitled);
    await chat(projectId, 'Un eslogan para una panadería');
    expect(await nameOf(projectId)).toBe('Un eslogan para una panadería');
  });

  it('a teammate’s first message in a shared project names it too', async () => {
    const ben = await createUser(t.app);
    await addMember(t.app, ana.workspaceId, ben.id);
    const projectId = await newProject();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${projectId}/share-to-workspace`,
      headers: ana.auth,
    });
    await chat(projectId, 'Ideas para el blog del equipo', ben);
    expect(await nameOf(projectId)).toBe('Ideas para el blog del equipo');
  });

  it('a message taken back gives an English teammate’s project its English default name again', async () => {
    const ben = await createUser(t.app, { locale: 'en' });
    await addMember(t.app, ana.workspaceId, ben.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${ana.workspaceId}/project`,
      headers: ben.auth,
    });
    const projectId = (res.json() as { id: string }).id;
    const untitled = await nameOf(projectId, ben);
    expect(untitled).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} Untitled$/);
    // Named by its first message, which the server then takes back as it stops.
    await t.app.db
      .update(projects)
      .set({ name: 'Un eslogan para una panadería', nameIsDefault: false })
      .where(eq(projects.id, projectId));
    await withdrawChatRequest(t.app.db, projectId, {
      userEntryId: randomUUID(),
      projectName: 'Un eslogan para una panadería',
    });
    expect(await nameOf(projectId, ben)).toBe(untitled);
  });
});
