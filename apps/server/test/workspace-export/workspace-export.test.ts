import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import {
  auditEntries,
  brandVoices,
  documents,
  knowledgeSources,
  workspaceExportChunks,
  workspaceExports,
} from '../../src/db/schema.ts';
import { maintainDatabase } from '../../src/db/maintenance.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { doc, insertConversation, insertProject } from '../helpers/project-factories.ts';

/*
 * docs/product.md, "Your data": the owner exports the whole workspace. The zip is built on the job
 * queue with its progress visible, mailed about when done, and opened here to check what it holds.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

const start = (user: TestUser, workspaceId: string) =>
  t.app.inject({ method: 'POST', url: `/api/workspace/${workspaceId}/export`, headers: user.auth });

async function finished(user: TestUser, workspaceId: string, exportId: string) {
  const seen: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${workspaceId}/export/${exportId}`,
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json() as { status: string; progress: number; expiresAt: string };
    seen.push(state.progress);
    if (state.status === 'ready' || state.status === 'failed') return { state, seen };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export never finished');
}

/** A template and a batch of two rows through the routes, as a person makes them. */
async function makeBatch(owner: TestUser) {
  const template = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/templates`,
    headers: owner.auth,
    payload: {
      name: 'Titulares',
      language: 'es',
      prompt: 'Escribe un titular para {{producto}}',
      fields: [{ key: 'producto', label: 'Producto', type: 'text', required: true }],
    },
  });
  expect(template.statusCode, template.body).toBe(201);
  const boundary = 'redacta-export-test';
  const part = (head: string, body: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n${body}\r\n`;
  const batch = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/batches`,
    headers: { ...owner.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      part('name="templateId"', template.json().id) +
      part(
        'name="file"; filename="productos.csv"\r\nContent-Type: text/csv',
        'Producto\nZapatillas\nMochila\n',
      ) +
      `--${boundary}--\r\n`,
  });
  expect(batch.statusCode, batch.body).toBe(201);
}

describe('exporting a workspace', () => {
  it('builds a zip with every project as .md and .docx, conversations, voices, knowledge files and batches', async () => {
    const owner = await createUser(t.app, { email: 'duena@example.com' });
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    const names = ['Campaña de otoño', 'Lanzamiento: app/web', 'Newsletter'];
    const made: { id: string; name: string }[] = [];
    for (const [i, name] of names.entries()) {
      const creator = i === 2 ? { ...member, workspaceId: owner.workspaceId } : owner;
      const project = await insertProject(t.app, creator, { name, isShared: i !== 1 });
      await t.app.db
        .update(documents)
        .set({ content: doc(`Texto del documento ${i}`) })
        .where(eq(documents.projectId, project.id));
      made.push(project);
    }
    await insertConversation(t.app, made[0]!.id, owner);
    await t.app.db
      .insert(brandVoices)
      .values({ workspaceId: owner.workspaceId, name: 'Cercana', voice: 'Tú, cálida', addedBy: owner.id });
    const manual = Buffer.from('Manual de marca: siempre de tú.\n', 'utf8');
    await t.app.db.insert(knowledgeSources).values({
      workspaceId: owner.workspaceId,
      name: 'manual.txt',
      kind: 'file',
      mediaType: 'text/plain',
      file: manual,
      status: 'ready',
    });
    await makeBatch(owner);

    const res = await start(owner, owner.workspaceId);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', progress: 0 });
    const { state, seen } = await finished(owner, owner.workspaceId, res.json().id);
    expect(state).toMatchObject({ status: 'ready', progress: 100 });
    expect(seen.at(-1)).toBe(100);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/export/${res.json().id}/download`,
      headers: owner.auth,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-length']).toBe(String(download.rawPayload.length));
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="Mi espacio de trabajo-[0-9a-f]{8}-\d{4}-\d\d-\d\d\.zip"; filename\*=UTF-8''Mi%20espacio%20de%20trabajo-.+\.zip$/,
    );
    const zip = await JSZip.loadAsync(download.rawPayload);
    const files = Object.keys(zip.files);

    for (const [i, project] of made.entries()) {
      const folder = files.find(
        (file) => file.startsWith('projects/') && file.includes(project.id.slice(0, 8)),
      );
      expect(folder, `project ${project.name}`).toBeDefined();
      const base = folder!.slice(0, folder!.lastIndexOf('/'));
      expect(await zip.file(`${base}/document.md`)!.async('string')).toBe(`Texto del documento ${i}\n`);
      const docx = await JSZip.loadAsync(await zip.file(`${base}/document.docx`)!.async('nodebuffer'));
      expect(await docx.file('word/document.xml')!.async('string')).toContain(`Texto del documento ${i}`);
      expect(files).toContain(`${base}/conversation.json`);
    }
    // A name with a slash stays one folder.
    expect(
      files.some((file) => file.startsWith(`projects/Lanzamiento app web-${made[1]!.id.slice(0, 8)}/`)),
    ).toBe(true);
    const first = files.find(
      (file) => file.includes(made[0]!.id.slice(0, 8)) && file.endsWith('conversation.md'),
    )!;
    expect(await zip.file(first)!.async('string')).toContain('Escribe un eslogan');
    expect(JSON.parse(await zip.file('brand-voices.json')!.async('string'))).toEqual([
      expect.objectContaining({ name: 'Cercana', voice: 'Tú, cálida' }),
    ]);
    const knowledge = files.find((file) => file.startsWith('knowledge/manual-'))!;
    expect(knowledge).toMatch(/\.txt$/);
    expect(await zip.file(knowledge)!.async('nodebuffer')).toEqual(manual);
    expect(JSON.parse(await zip.file('templates.json')!.async('string'))).toEqual([
      expect.objectContaining({ name: 'Titulares' }),
    ]);
    const csv = files.find((file) => file.startsWith('batches/productos-') && file.endsWith('.csv'))!;
    const csvText = await zip.file(csv)!.async('string');
    expect(csvText).toContain('Producto');
    expect(csvText).toContain('Zapatillas');

    // The owner hears by mail that it is ready, with the link straight to its download and its end.
    const mail = t.app.mailer.recent().find((sent) => sent.to === 'duena@example.com');
    expect(mail!.subject).toBe('La exportación de «Mi espacio de trabajo» está lista');
    expect(mail!.text).toContain(`/exports/${owner.workspaceId}/${res.json().id}\n`);
    const until = new Date(state.expiresAt);
    expect(mail!.text).toContain(`se borra el ${until.getUTCDate()} de`);
    expect(mail!.text).toContain('7 días');

    // Starting it and downloading it are both in the workspace's audit log.
    const logged = await t.app.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.workspaceId, owner.workspaceId))
      .orderBy(auditEntries.seq);
    expect(
      logged.map((entry) => entry.action).filter((action) => action.startsWith('workspace.export')),
    ).toEqual(['workspace.export_started', 'workspace.export_downloaded']);
    // A Word file per project and a batch's export: seconds of work on a busy machine.
  }, 120_000);

  it('is the owner’s: a member gets 403, anyone else 404, and the latest export is listed', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const outsider = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    expect((await start(member, owner.workspaceId)).json().error.code).toBe('NOT_WORKSPACE_OWNER');
    expect((await start(outsider, owner.workspaceId)).statusCode).toBe(404);

    const none = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/export`,
      headers: owner.auth,
    });
    expect(none.json()).toEqual({ export: null });
    const res = await start(owner, owner.workspaceId);
    const again = await start(owner, owner.workspaceId);
    if (again.json().status !== 'ready') expect(again.json().id).toBe(res.json().id);
    await finished(owner, owner.workspaceId, res.json().id);
    const latest = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/export`,
      headers: owner.auth,
    });
    expect(latest.json().export).toMatchObject({ id: res.json().id, status: 'ready' });
    const byMember = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/export/${res.json().id}/download`,
      headers: member.auth,
    });
    expect(byMember.statusCode).toBe(403);
  });

  it('expires: after its days the file is deleted and the export is gone', async () => {
    const owner = await createUser(t.app);
    const res = await start(owner, owner.workspaceId);
    await finished(owner, owner.workspaceId, res.json().id);
    await t.app.db
      .update(workspaceExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceExports.id, res.json().id));
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/export/${res.json().id}/download`,
      headers: owner.auth,
    });
    expect(download.statusCode).toBe(404);
    expect(await t.app.db.$count(workspaceExportChunks)).toBeGreaterThan(0);
    await maintainDatabase(t.app.database);
    expect(await t.app.db.select().from(workspaceExports)).toEqual([]);
    expect(await t.app.db.$count(workspaceExportChunks)).toBe(0);
  });
});
