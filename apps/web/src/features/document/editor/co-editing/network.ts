import * as Y from 'yjs';

/** A seeded pseudo-random source (mulberry32): the same seed replays the same round. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A Yjs document writing as `clientID`. Its guid is fixed: otherwise Yjs draws one from the system's
 * entropy, 31 draws that cost more than the rest of the document's set-up, and nothing here reads it.
 */
export function roundDoc(clientID: number): Y.Doc {
  const doc = new Y.Doc({ guid: 'round' });
  doc.clientID = clientID;
  return doc;
}

interface Scheduled {
  at: number;
  order: number;
  run: () => void;
}

/**
 * Simulated time: what is due runs in time order, and what is due at the same moment runs in the
 * order it was scheduled. Nothing waits for real time, so a round of seconds runs in milliseconds.
 */
export class Clock {
  now = 0;
  private queue: Scheduled[] = [];
  private scheduled = 0;

  at(time: number, run: () => void): void {
    const item = { at: Math.max(time, this.now), order: this.scheduled++, run };
    // Kept sorted: a round schedules a few hundred events, most of them near the end.
    let index = this.queue.length;
    while (index > 0 && this.later(this.queue[index - 1]!, item)) index -= 1;
    this.queue.splice(index, 0, item);
  }

  /** Runs everything due, including what running it schedules, until nothing is left. */
  runAll(): void {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      this.now = next.at;
      next.run();
    }
  }

  private later(a: Scheduled, b: Scheduled) {
    return a.at > b.at || (a.at === b.at && a.order > b.order);
  }
}

/**
 * One direction of a WebSocket: each message arrives after a random delay, never before one sent
 * earlier (first in, first out), as TCP delivers them.
 */
export class Channel {
  private lastArrival = 0;

  constructor(
    private readonly clock: Clock,
    private readonly delay: () => number,
  ) {}

  send(deliver: () => void): void {
    this.lastArrival = Math.max(this.clock.now + this.delay(), this.lastArrival);
    this.clock.at(this.lastArrival, deliver);
  }
}

/** The origin of updates that arrived over the network: they are not sent on again by the client. */
export const FROM_NETWORK = Symbol('from the network');

export interface Client {
  doc: Y.Doc;
  up: Channel;
  down: Channel;
}

/**
 * A live document server and its clients, as Hocuspocus relays them: every change a client makes
 * travels to the server over its own socket, and the server passes it to every other client over
 * theirs. Each socket direction has its own delays.
 */
export function hubNetwork(
  clock: Clock,
  server: Y.Doc,
  delays: (() => number)[],
  random: () => number,
): Client[] {
  const clients: Client[] = delays.map((delay) => {
    // Yjs orders text typed at once at one spot by client id: drawn from the seed, so that the seed
    // alone replays a round.
    const doc = roundDoc(1 + Math.floor(random() * 0x7fff_fffe));
    return { doc, up: new Channel(clock, delay), down: new Channel(clock, delay) };
  });
  // Everyone starts from the server's document, as a provider's first sync gives it.
  const start = Y.encodeStateAsUpdate(server);
  for (const client of clients) Y.applyUpdate(client.doc, start, FROM_NETWORK);
  server.on('update', (update: Uint8Array, origin: unknown) => {
    for (const client of clients) {
      if (client === origin) continue;
      client.down.send(() => Y.applyUpdate(client.doc, update, FROM_NETWORK));
    }
  });
  for (const client of clients) {
    client.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === FROM_NETWORK) return;
      client.up.send(() => Y.applyUpdate(server, update, client));
    });
  }
  return clients;
}
