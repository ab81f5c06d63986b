import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { KnowledgeCitation, LiveConversationPart } from '@redacta/shared';
import { LIVE_BATCH_MS, LiveConversations } from '../../src/modules/chat/live/hub.ts';
import { memoryTransport, type LiveTransport } from '../../src/modules/chat/live/transport.ts';

const log = { warn: () => {} } as unknown as FastifyBaseLogger;
const projectId = randomUUID();
const senderId = randomUUID();
const citations: KnowledgeCitation[] = [
  { n: 1, knowledgeId: randomUUID(), name: 'guia.md', locator: { headings: ['Precios'] }, excerpt: '49 €' },
];

/**
 * A hub on the memory transport whose snapshots wait for `release`: what the transport delivers
 * meanwhile is held by the hub, as when a snapshot is read from Redis while the reply goes on.
 */
function slowSnapshotHub(senderName: () => Promise<string> = async () => 'Ana García') {
  const hub = new LiveConversations({ senderName, log });
  const transport = memoryTransport(hub);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const slow: LiveTransport = {
    ...transport,
    snapshot: async (id) => {
      const entries = await transport.snapshot(id);
      await released;
      return entries;
    },
  };
  hub.connect(slow);
  return { hub, release };
}

/** A listener of the project: the parts it is sent, and its subscription (resolved once caught up). */
function listen(hub: LiveConversations) {
  const parts: LiveConversationPart[] = [];
  const subscribed = hub.subscribe(projectId, {
    send: (line) => parts.push(JSON.parse(line) as LiveConversationPart),
    end: () => {},
  });
  return { parts, subscribed };
}

const reply = { userEntryId: randomUUID(), message: 'Anuncio', regenerate: false };
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe('the live conversation hub and sources', () => {
  it('sources named before the request is begun ride in the request', async () => {
    let named = (_name: string) => {};
    const { hub, release } = slowSnapshotHub(() => new Promise((resolve) => (named = resolve)));
    release();
    const { parts, subscribed } = listen(hub);
    await subscribed;
    const publisher = hub.publish(projectId, reply, senderId);
    publisher.sources(citations);
    named('Ana García');
    await nextTick();
    publisher.end(null);
    expect(parts.map((part) => part.type)).toEqual(['replies', 'request', 'end']);
    expect(parts[1]).toMatchObject({ type: 'request', reply: { sources: citations } });
  });

  it('a sources part held while the snapshot is read is dropped when the snapshot has them', async () => {
    const { hub, release } = slowSnapshotHub();
    const publisher = hub.publish(projectId, reply, senderId);
    await nextTick();
    const { parts, subscribed } = listen(hub);
    // Held (the listener waits for its snapshot), and in the snapshot, read after it.
    publisher.sources(citations);
    release();
    await subscribed;
    expect(parts).toEqual([{ type: 'replies', replies: [expect.objectContaining({ sources: citations })] }]);
    publisher.end(null);
  });

  it('a sources part held while the snapshot is read is sent when the snapshot has none', async () => {
    const { hub, release } = slowSnapshotHub();
    const publisher = hub.publish(projectId, reply, senderId);
    await nextTick();
    const { parts, subscribed } = listen(hub);
    // The snapshot's replies are read by now; it answers only once released.
    await nextTick();
    publisher.sources(citations);
    release();
    await subscribed;
    expect(parts).toEqual([
      { type: 'replies', replies: [expect.not.objectContaining({ sources: expect.anything() })] },
      { type: 'sources', userEntryId: reply.userEntryId, sources: citations },
    ]);
    publisher.end(null);
  });
});

describe('the live conversation hub and a request answered again', () => {
  const batch = () => new Promise((resolve) => setTimeout(resolve, LIVE_BATCH_MS * 2));

  /**
   * The request is regenerated once its reply has ended: a new reply whose pieces count from 0 again,
   * which the listener (its `parts` so far: the snapshot, the first reply's end) is sent whole.
   */
  async function expectAnsweredAgain(hub: LiveConversations, parts: LiveConversationPart[]) {
    const again = hub.publish(projectId, { ...reply, regenerate: true }, senderId);
    await nextTick();
    again.text('Verano azul.');
    await batch();
    again.end(randomUUID());
    expect(parts.map((part) => part.type)).toEqual(['replies', 'end', 'request', 'text', 'end']);
    expect(parts[3]).toEqual({ type: 'text', userEntryId: reply.userEntryId, seq: 0, text: 'Verano azul.' });
  }

  it('a listener whose snapshot held a reply is sent the next reply to its request in full', async () => {
    const { hub, release } = slowSnapshotHub();
    release();
    const first = hub.publish(projectId, reply, senderId);
    first.text('Sol y mar.');
    await batch();
    const { parts, subscribed } = listen(hub);
    await subscribed;
    expect(parts).toEqual([{ type: 'replies', replies: [expect.objectContaining({ text: 'Sol y mar.' })] }]);
    first.end(randomUUID());
    await expectAnsweredAgain(hub, parts);
  });

  it('listeners caught up together after a lost connection are each sent a held piece once', async () => {
    const hub = new LiveConversations({ senderName: async () => 'Ana García', log });
    const transport = memoryTransport(hub);
    // Once gated, the channel's join and each snapshot (after it is read) wait for `open`.
    let gated = false;
    const waiting: (() => void)[] = [];
    const gate = () => (gated ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve());
    const open = () => waiting.splice(0).forEach((resolve) => resolve());
    hub.connect({
      ...transport,
      join: async (id) => {
        await transport.join(id);
        await gate();
      },
      snapshot: async (id) => {
        const entries = await transport.snapshot(id);
        await gate();
        return entries;
      },
    });
    const listeners = [listen(hub), listen(hub)];
    await Promise.all(listeners.map((listener) => listener.subscribed));
    const publisher = hub.publish(projectId, reply, senderId);
    await nextTick();
    publisher.text('Sol');
    await batch();
    gated = true;
    const resynced = hub.resync(projectId);
    await nextTick();
    // Held by both listeners, and then read by the snapshot as well; the reply's end is held too.
    publisher.text(' y mar.');
    await batch();
    open();
    await nextTick();
    publisher.end(randomUUID());
    open();
    await resynced;
    for (const { parts } of listeners) {
      const resync = parts.map((part) => part.type).lastIndexOf('replies');
      expect(parts.slice(resync).map((part) => part.type)).toEqual(['replies', 'end']);
    }
  });

  it('a reply that ends while a listener catches up leaves its request free to be answered again', async () => {
    const { hub, release } = slowSnapshotHub();
    const first = hub.publish(projectId, reply, senderId);
    first.text('Sol y mar.');
    await batch();
    const { parts, subscribed } = listen(hub);
    // The snapshot is read (the reply in it) and waits: the reply's end is held meanwhile.
    await nextTick();
    first.end(randomUUID());
    release();
    await subscribed;
    await expectAnsweredAgain(hub, parts);
  });
});
