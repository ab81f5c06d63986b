import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { doc } from '../helpers/project-factories.ts';
import { liveSession, settled, sharedProject, synced, until } from './live-client.ts';

const session = liveSession();

describe('the document routes on a live document', () => {
  it('a PATCH is one change every connected editor sees; one based on an older time is refused with 409', async () => {
    const { app } = await session.start();
    const { owner, member, project } = await sharedProject(app);
    const url = `/api/project/${project.id}/document`;
    const editor = session.open(app, project.id, member.accessToken);
    await synced(editor);

    const before = (await app.inject({ method: 'GET', url, headers: owner.auth })).json();
    const applied = await app.inject({
      method: 'PATCH',
      url,
      headers: owner.auth,
      payload: { content: doc('Insertado desde el chat'), updatedAt: before.updatedAt },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    await until(
      () =>
        editor.doc.getXmlFragment('default').toString() === '<paragraph>Insertado desde el chat</paragraph>',
      'the editor to see the change',
    );
    const after = (await app.inject({ method: 'GET', url, headers: owner.auth })).json();
    expect(after).toEqual({ content: doc('Insertado desde el chat'), updatedAt: applied.json().updatedAt });

    // The editor types; a save based on the time before that would overwrite it: refused.
    const text = (editor.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(0, '¡');
    await settled(editor);
    const stale = await app.inject({
      method: 'PATCH',
      url,
      headers: owner.auth,
      payload: { content: doc('Versión vieja'), updatedAt: applied.json().updatedAt },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('DOCUMENT_CHANGED');
    const kept = (await app.inject({ method: 'GET', url, headers: owner.auth })).json();
    expect(kept.content).toEqual(doc('¡Insertado desde el chat'));
    expect(Date.parse(kept.updatedAt)).toBeGreaterThan(Date.parse(applied.json().updatedAt));
  });
});
