import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { TestApp } from '../helpers/app.ts';
import { addMember, createUser } from '../helpers/factories.ts';
import { insertProject } from '../helpers/project-factories.ts';
import { anotherInstance, connect, listeningApp, settled, synced, until, type LiveClient } from './live-client.ts';

// Two instances sharing Redis, as behind a load balancer.
const env = { REDIS_URL: 'redis://127.0.0.1:6379' };

const apps: TestApp[] = [];
const clients: LiveClient[] = [];
afterEach(async () => {
  clients.splice(0).forEach((client) => client.destroy());
  for (const testApp of apps.splice(0)) await testApp.app.close();
});

const open = (...args: Parameters<typeof connect>) => {
  const client = connect(...args);
  clients.push(client);
  return client;
};

describe('live documents on two instances sharing Redis', () => {
  it('editors on different instances see each other, and a removed member is closed on the other instance within a second', async () => {
    const first = await listeningApp(env);
    apps.push(first);
    const second = await anotherInstance(first);
    apps.push(second);
    const owner = await createUser(first.app);
    const member = await createUser(first.app);
    await addMember(first.app, owner.workspaceId, member.id);
    const project = await insertProject(first.app, owner, { isShared: true });

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
    await until(() => b.refusals.includes('forbidden'), 'the member on the other instance to be closed', 1000);
    expect(a.refusals).toEqual([]);
  }, 60_000);
});
