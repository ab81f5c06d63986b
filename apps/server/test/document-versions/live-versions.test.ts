import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fragmentToContent } from '../../src/modules/collab/prosemirror-yjs.ts';
import type { TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { insertProject } from '../helpers/project-factories.ts';
import { connect, listeningApp, settled, synced, until, type LiveClient } from '../collab/live-client.ts';

let testApp: TestApp | undefined;
const clients: LiveClient[] = [];
afterEach(async () => {
  clients.splice(0).forEach((client) => client.destroy());
  await testApp?.app.close();
  testApp = undefined;
});

const INTERVAL_MS = 1500;

async function team(env: Record<string, string> = {}) {
  testApp = await listeningApp({ DOCUMENT_VERSION_INTERVAL_MS: String(INTERVAL_MS), ...env });
  const { app } = testApp;
  const owner = await createUser(app, { firstName: 'Ana' });
  const member = await createUser(app, { firstName: 'Ben' });
  await addMember(app, owner.workspaceId, member.id);
  const project = await insertProject(app, owner, { isShared: true });
  return { app, owner, member, project };
}

function open(user: TestUser, projectId: string) {
  const client = connect(testApp!.app, projectId, user.accessToken);
  clients.push(client);
  return client;
}

/** Types at the end of the first paragraph, as an editor would. */
function type(client: LiveClient, text: string) {
  const paragraph = client.doc.getXmlFragment('default').get(0) as Y.XmlElement;
  let node = paragraph.get(0) as Y.XmlText | undefined;
  if (!node) {
    node = new Y.XmlText();
    paragraph.insert(0, [node]);
  }
  node.insert(node.length, text);
}

const textOf = (client: LiveClient) =>
  JSON.stringify(fragmentToContent(client.doc.getXmlFragment('default')));

interface Listed {
  id: string;
  kind: string;
  authors: { id: string }[];
}
async function versions(user: TestUser, projectId: string): Promise<Listed[]> {
  const res = await testApp!.app.inject({
    method: 'GET',
    url: `/api/project/${projectId}/document/versions`,
    headers: user.auth,
  });
  return res.json().versions;
}

describe('document versions of a live document', () => {
  it('takes an automatic version once edits have gone on for the interval, with everyone who edited', async () => {
    const { owner, member, project } = await team();
    const ana = open(owner, project.id);
    const ben = open(member, project.id);
    await Promise.all([synced(ana), synced(ben)]);
    type(ana, 'Hola ');
    await settled(ana);
    type(ben, 'equipo');
    await settled(ben);
    // Stored after a short pause, but not a version before the interval.
    expect(await versions(owner, project.id)).toEqual([]);
    await until(async () => (await versions(owner, project.id)).length === 1, 'an automatic version', 5000);
    const [auto] = await versions(owner, project.id);
    expect(auto!.kind).toBe('auto');
    expect(auto!.authors.map((a) => a.id).sort()).toEqual([owner.id, member.id].sort());
    const detail = await testApp!.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/document/versions/${auto!.id}`,
      headers: member.auth,
    });
    expect(detail.json().text).toBe('Hola equipo');

    // No edits, no more versions.
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 2));
    expect(await versions(owner, project.id)).toHaveLength(1);
  });

  it('applies a restore to the live document, so every connected editor sees the version', async () => {
    const { app, owner, member, project } = await team();
    const ana = open(owner, project.id);
    const ben = open(member, project.id);
    await Promise.all([synced(ana), synced(ben)]);
    type(ana, 'La versión buena');
    await settled(ana);
    await until(() => textOf(ben).includes('La versión buena'), 'Ben to see the text');
    const good = textOf(ana);
    const saved = await app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/document/versions`,
      headers: owner.auth,
      payload: { name: 'Buena' },
    });
    expect(saved.statusCode).toBe(201);
    type(ben, ' y un añadido que sobra');
    await settled(ben);
    await until(() => textOf(ana).includes('sobra'), 'Ana to see the addition');

    const restored = await app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/document/versions/${saved.json().id}/restore`,
      headers: member.auth,
    });
    expect(restored.statusCode).toBe(200);
    await until(
      () => textOf(ana) === good && textOf(ben) === good,
      'both editors to see the restored version',
    );
    // The version saved before the restore holds Ben's addition.
    const before = await app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/document/versions/${restored.json().savedVersionId}`,
      headers: owner.auth,
    });
    expect(before.json()).toMatchObject({
      kind: 'before-restore',
      text: 'La versión buena y un añadido que sobra',
    });
  });

  it('credits edits not stored yet to a version saved on demand, and to no later one', async () => {
    // Stores far apart: the edits below are live but not stored when the version is asked for.
    const { app, owner, member, project } = await team({
      COLLAB_STORE_DEBOUNCE_MS: '60000',
      COLLAB_STORE_MAX_WAIT_MS: '60000',
    });
    const ben = open(member, project.id);
    await synced(ben);
    type(ben, 'Recién escrito');
    await settled(ben);
    const save = () =>
      app.inject({
        method: 'POST',
        url: `/api/project/${project.id}/document/versions`,
        headers: owner.auth,
      });
    const first = await save();
    expect(first.statusCode).toBe(201);
    expect(first.json().authors.map((a: { id: string }) => a.id)).toEqual([member.id]);
    expect(first.json().createdBy.id).toBe(owner.id);
    const second = await save();
    expect(second.json().authors).toEqual([]);
  });
});
