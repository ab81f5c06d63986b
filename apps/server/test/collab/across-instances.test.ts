import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { doc } from '../helpers/project-factories.ts';
import { liveSession, settled, sharedProject, synced, until } from './live-client.ts';

// Two instances sharing Redis, as behind a load balancer.
const env = { REDIS_URL: 'redis://127.0.0.1:6379' };

const session = liveSession();
const { open } = session;

describe('live documents on two instances sharing Redis', () => {
  it('editors on different instances see each other, and a removed member is closed on the other instance within a second', async () => {
    const first = await session.start(env);
    const second = await session.another(first);
    const { owner, member, project } = await sharedProject(first.app);

    const a = open(first.app, project.id, owner.accessToken);
    const b = open(second.app, project.id, member.accessToken);
    await Promise.all([synced(a), synced(b)]);
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('desde la primera')]);
    a.doc.getXmlFragment('default').insert(0, [paragraph]);
    await settled(a);
    await until(
      () => b.doc.getXmlFragment('default').toString().includes('desde la primera'),
      'the edit to reach the other instance',
    );

    const removed = await first.app.inject({
      method: 'PATCH',
      url: `/api/workspace/${owner.workspaceId}/remove-invited-user/${member.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(204);
    await until(
      () => b.refusals.includes('forbidden'),
      'the member on the other instance to be closed',
      1000,
    );
    expect(a.refusals).toEqual([]);
  }, 60_000);

  it('the document routes on an instance where the document is not open answer what another instance holds, not stored yet', async () => {
    // Stores far apart: what an editor types stays unstored on its instance for the whole test.
    const slow = { ...env, COLLAB_STORE_DEBOUNCE_MS: '20000', COLLAB_STORE_MAX_WAIT_MS: '30000' };
    const first = await session.start(slow);
    const second = await session.another(first);
    const { owner, member, project } = await sharedProject(first.app);
    const url = `/api/project/${project.id}/document`;
    const before = (await second.app.inject({ method: 'GET', url, headers: owner.auth })).json();

    const editor = open(first.app, project.id, member.accessToken);
    await synced(editor);
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('sin guardar todavía')]);
    editor.doc.getXmlFragment('default').insert(0, [paragraph]);
    await settled(editor);

    const read = await second.app.inject({ method: 'GET', url, headers: owner.auth });
    expect(JSON.stringify(read.json().content)).toContain('sin guardar todavía');
    expect(Date.parse(read.json().updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

    // A change based on the time before the edit would overwrite it: refused.
    const stale = await second.app.inject({
      method: 'PATCH',
      url,
      headers: owner.auth,
      payload: { content: doc('Versión vieja'), updatedAt: before.updatedAt },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('DOCUMENT_CHANGED');

    // Based on what was read, it applies, and the editor on the other instance sees it.
    const applied = await second.app.inject({
      method: 'PATCH',
      url,
      headers: owner.auth,
      payload: { content: doc('Desde la segunda'), updatedAt: read.json().updatedAt },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    await until(
      () => editor.doc.getXmlFragment('default').toString() === '<paragraph>Desde la segunda</paragraph>',
      'the editor to see the change',
    );
  }, 60_000);
});
