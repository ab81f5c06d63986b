import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { documents, documentVersions } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers/app.ts';
import { doc } from '../helpers/project-factories.ts';
import { liveSession, sharedProject, synced, until } from './live-client.ts';

const session = liveSession();

const script = { type: 'script', content: [{ type: 'text', text: 'alert(1)' }] };
const iframe = { type: 'iframe', attrs: { src: 'https://example.com' } };
const paragraph = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'paragraph',
  content: [{ type: 'text', text, ...extra }],
});

const read = async (app: TestApp['app'], projectId: string, auth: { authorization: string }) =>
  (await app.inject({ method: 'GET', url: `/api/project/${projectId}/document`, headers: auth })).json();

const patch = (
  app: TestApp['app'],
  projectId: string,
  auth: { authorization: string },
  payload: { content: unknown; updatedAt: string },
) => app.inject({ method: 'PATCH', url: `/api/project/${projectId}/document`, headers: auth, payload });

/** A Yjs state holding what an old server let in: a script before a paragraph with a javascript: link. */
function stateWithScript(): Uint8Array {
  const ydoc = new Y.Doc();
  const fragment = ydoc.getXmlFragment('default');
  const element = new Y.XmlElement('script');
  element.insert(0, [new Y.XmlText('alert(1)')]);
  const kept = new Y.XmlElement('paragraph');
  kept.setAttribute('onclick', 'alert(2)');
  const text = new Y.XmlText();
  text.insert(0, 'Texto válido', { bold: {} });
  text.insert(0, 'Enlace ', { link: { href: 'javascript:alert(3)' } });
  kept.insert(0, [text]);
  fragment.insert(0, [element, kept]);
  return Y.encodeStateAsUpdate(ydoc);
}

const cleanContent = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Enlace ' },
        { type: 'text', text: 'Texto válido', marks: [{ type: 'bold' }] },
      ],
    },
  ],
};

describe("the document holds only the editor's schema", () => {
  it.each([
    ['a script element', { type: 'doc', content: [script, paragraph('Hola')] }],
    ['an iframe', { type: 'doc', content: [paragraph('Hola'), iframe] }],
    [
      'a javascript: link',
      {
        type: 'doc',
        content: [paragraph('Hola', { marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] })],
      },
    ],
    [
      'an attribute the node does not have',
      { type: 'doc', content: [{ ...paragraph('Hola'), attrs: { onclick: 'x' } }] },
    ],
    [
      'a heading level the editor does not offer',
      { type: 'doc', content: [{ ...paragraph('Hola'), type: 'heading', attrs: { level: 7 } }] },
    ],
  ])('PATCH with %s → 400, and the document is unchanged', async (_what, content) => {
    const { app } = await session.start();
    const { owner, project } = await sharedProject(app);
    const before = await read(app, project.id, owner.auth);
    const response = await patch(app, project.id, owner.auth, { content, updatedAt: before.updatedAt });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(await read(app, project.id, owner.auth)).toEqual(before);
  });

  it('takes every node and mark of the editor', async () => {
    const { app } = await session.start();
    const { owner, project } = await sharedProject(app);
    const before = await read(app, project.id, owner.auth);
    const content = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Título' }] },
        paragraph('Enlace', {
          marks: [
            {
              type: 'link',
              attrs: {
                href: 'https://example.com',
                target: '_blank',
                rel: 'noopener',
                class: null,
                title: null,
              },
            },
            { type: 'bold' },
            { type: 'italic' },
            { type: 'underline' },
            { type: 'strike' },
            { type: 'code' },
          ],
        }),
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('Uno')] }] },
        {
          type: 'orderedList',
          attrs: { start: 3, type: null },
          content: [{ type: 'listItem', content: [paragraph('Dos')] }],
        },
        { type: 'blockquote', content: [paragraph('Cita')] },
        { type: 'codeBlock', attrs: { language: 'ts' }, content: [{ type: 'text', text: 'const a = 1;' }] },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'a' }, { type: 'hardBreak' }, { type: 'text', text: 'b' }],
        },
        { type: 'horizontalRule' },
        paragraph('Correo', { marks: [{ type: 'link', attrs: { href: 'mailto:equipo@example.com' } }] }),
      ],
    };
    const response = await patch(app, project.id, owner.auth, { content, updatedAt: before.updatedAt });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(app, project.id, owner.auth)).content.content).toHaveLength(content.content.length);
  });

  it('cleans a document stored with a script, an unknown attribute and a javascript: link when it is loaded', async () => {
    const { app } = await session.start();
    const { owner, member, project } = await sharedProject(app);
    // As a server before the schema rule stored it: the Yjs state and its JSON.
    await app.db
      .update(documents)
      .set({
        yjsState: stateWithScript(),
        content: { type: 'doc', content: [script, paragraph('Texto válido')] },
        text: 'alert(1)\nTexto válido',
      })
      .where(eq(documents.projectId, project.id));

    // Read where it is not open: the stored JSON, without the script or its text.
    const stored = await read(app, project.id, owner.auth);
    expect(stored.content).toEqual({ type: 'doc', content: [paragraph('Texto válido')] });

    // Opened live: the editor receives it clean, and the cleaning is stored.
    const editor = session.open(app, project.id, member.accessToken);
    await synced(editor);
    const fragment = editor.doc.getXmlFragment('default');
    expect(fragment.toString()).not.toContain('script');
    expect(fragment.toString()).not.toContain('onclick');
    expect(JSON.stringify(fragment.toJSON())).not.toContain('javascript');
    expect((await read(app, project.id, owner.auth)).content).toEqual(cleanContent);
    editor.destroy();
    await until(async () => {
      const [row] = await app.db.select().from(documents).where(eq(documents.projectId, project.id));
      return row!.text === 'Enlace Texto válido';
    }, 'the cleaned document to be stored');
    const [row] = await app.db.select().from(documents).where(eq(documents.projectId, project.id));
    expect(row!.content).toEqual(cleanContent);
    const state = new Y.Doc();
    Y.applyUpdate(state, row!.yjsState!);
    expect(state.getXmlFragment('default').toString()).not.toContain('script');
  });

  it('reads and restores a version stored with a script without it', async () => {
    const { app } = await session.start();
    const { owner, project } = await sharedProject(app);
    const base = `/api/project/${project.id}/document/versions`;
    const saved = await app.inject({ method: 'POST', url: base, headers: owner.auth, payload: {} });
    expect(saved.statusCode, saved.body).toBe(201);
    const versionId = saved.json().id as string;
    await app.db
      .update(documentVersions)
      .set({ content: { type: 'doc', content: [script, paragraph('De la versión')] } })
      .where(eq(documentVersions.id, versionId));

    const version = await app.inject({ method: 'GET', url: `${base}/${versionId}`, headers: owner.auth });
    expect(version.json().content).toEqual({ type: 'doc', content: [paragraph('De la versión')] });
    const restored = await app.inject({
      method: 'POST',
      url: `${base}/${versionId}/restore`,
      headers: owner.auth,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read(app, project.id, owner.auth)).content).toEqual(doc('De la versión'));
  });
});
