import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
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
});
