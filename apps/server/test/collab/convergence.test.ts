import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { doc } from '../helpers/project-factories.ts';
import { fragmentToContent } from '../../src/modules/collab/prosemirror-yjs.ts';
import { liveSession, settled, sharedProject, sleep, synced, until, type LiveClient } from './live-client.ts';

const session = liveSession();

const paragraphText = (client: LiveClient) =>
  (client.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;

/** A deterministic random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * One client's edits: each insert puts a character no one else uses at a random place; each delete
 * removes a random character it sees (noting which). Returns what it inserted and deleted.
 */
function editor(client: LiveClient, alphabetStart: number, seed: number) {
  const next = random(seed);
  const inserted = new Set<string>();
  const deleted = new Set<string>();
  let count = 0;
  return {
    inserted,
    deleted,
    step() {
      const text = paragraphText(client);
      const current = text.toString();
      if (current.length > 1 && next() < 0.35) {
        const at = Math.floor(next() * current.length);
        deleted.add(current[at]!);
        text.delete(at, 1);
      } else {
        const char = String.fromCodePoint(alphabetStart + count++);
        inserted.add(char);
        text.insert(Math.floor(next() * (current.length + 1)), char);
      }
    },
  };
}

describe('two editors on one live document', () => {
  it('converge after 500 random interleaved inserts and deletes each, and the stored JSON is the live state after a restart', async () => {
    const testApp = await session.start();
    const { app } = testApp;
    const { owner, member, project } = await sharedProject(app);
    const before = await app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/document`,
      headers: owner.auth,
    });
    const seeded = await app.inject({
      method: 'PATCH',
      url: `/api/project/${project.id}/document`,
      headers: owner.auth,
      payload: { content: doc('·'), updatedAt: before.json().updatedAt },
    });
    expect(seeded.statusCode, seeded.body).toBe(200);
    const a = session.open(app, project.id, owner.accessToken);
    const b = session.open(app, project.id, member.accessToken);
    await Promise.all([synced(a), synced(b)]);

    const editA = editor(a, 0x4e00, 1);
    const editB = editor(b, 0xac00, 2);
    for (let i = 0; i < 500; i++) {
      editA.step();
      editB.step();
      // Now and then the network gets a turn, so edits cross in flight as between two people typing.
      if (i % 7 === 0) await sleep(1);
    }
    await Promise.all([settled(a), settled(b)]);
    await until(
      () => paragraphText(a).toString() === paragraphText(b).toString(),
      'both editors to converge',
    );

    const final = paragraphText(a).toString();
    const deleted = new Set([...editA.deleted, ...editB.deleted]);
    for (const char of [...editA.inserted, ...editB.inserted]) {
      expect(final.includes(char), `character ${char}`).toBe(!deleted.has(char));
    }
    expect(new Set(final).size).toBe(final.length);
    const live = fragmentToContent(a.doc.getXmlFragment('default'));

    // A restart: the stopping server stores what it holds; a new one reads it back.
    a.destroy();
    b.destroy();
    await session.stop(testApp);
    const restarted = (await session.another(testApp)).app;
    const read = await restarted.inject({
      method: 'GET',
      url: `/api/project/${project.id}/document`,
      headers: owner.auth,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().content).toEqual(live);
  }, 60_000);
});
