import type { FastifyBaseLogger } from 'fastify';
import type { EditedReply, KnowledgeCitation, LiveReply } from '@redacta/shared';
import { liveKey, liveLine, type LiveEvent, type LiveSink, type LiveTransport } from './transport.ts';
import { outsideKey } from '../../../lib/acting-key.ts';

/** Someone on this instance with a project open: their stream's `send`, and `end` to close it. */
export interface LiveListener {
  send(line: string): void;
  end(): void;
}

/**
 * A listener, with the events it is not sent yet while its snapshot is read (null after), and what
 * its last snapshot held.
 */
interface RoomMember {
  listener: LiveListener;
  held: LiveEvent[] | null;
  sent: SnapshotContents;
}

/** What a snapshot sent a listener: its replies' text pieces (how many), and which cite sources. */
interface SnapshotContents {
  pieces: Map<string, number>;
  cited: Set<string>;
}

/**
 * Whether a snapshot already gave the listener this event: a request it holds, sources it names, a
 * text piece it holds. An event published before the snapshot was read can reach this instance after
 * it (another instance's channel delivers it late): it is dropped then as while the snapshot is read.
 */
function inSnapshot(sent: SnapshotContents, part: LiveEvent['part']): boolean {
  if (part.type === 'request') return sent.pieces.has(liveKey(part.reply.userEntryId, part.reply.variant));
  if (part.type === 'sources') return sent.cited.has(liveKey(part.userEntryId, part.variant));
  if (part.type === 'text') return part.seq < (sent.pieces.get(liveKey(part.userEntryId, part.variant)) ?? 0);
  return false;
}

/** Once a reply has ended it is out of the snapshot: its request may be answered again, from piece 0. */
function forgetEnded(sent: SnapshotContents, part: LiveEvent['part']) {
  if (part.type !== 'end') return;
  const key = liveKey(part.userEntryId, part.variant);
  sent.pieces.delete(key);
  sent.cited.delete(key);
}

/** How long text is gathered before it is published: one event per batch, not one per token. */
export const LIVE_BATCH_MS = 30;

/** A reply in progress, as the chat turn writing it tells the others. */
export interface LiveReplyPublisher {
  /** The knowledge the reply cites as [n]: once, before its text. */
  sources(sources: KnowledgeCitation[]): void;
  text(text: string): void;
  /** Once, however the reply ended: the saved reply's id, or null when none was saved. */
  end(messageId: string | null): void;
}

/**
 * The live conversation of every project on this instance: who has a project open (its listeners), the
 * replies in progress they are told about, and the replies this instance writes that their sender may
 * stop. The transport carries the events between instances (transport.ts).
 */
export class LiveConversations implements LiveSink {
  readonly #rooms = new Map<string, Set<RoomMember>>();
  /** The transport's join of each project someone here has open (the first listener asks for it). */
  readonly #joins = new Map<string, Promise<void>>();
  readonly #stoppable = new Map<string, Set<{ userId: string; controller: AbortController }>>();
  /** The replies whose gathered text is published at the next tick; one timer serves them all. */
  readonly #due = new Set<() => void>();
  #tick: NodeJS.Timeout | undefined;
  #transport: LiveTransport | undefined;

  /** `senderName` names a request's sender (sender.ts); a failure to read it is logged on `log`. */
  constructor(
    private readonly senders: {
      senderName: (userId: string) => Promise<string>;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Set once, right after construction: the transport needs this hub as its sink. */
  connect(transport: LiveTransport): this {
    this.#transport = transport;
    return this;
  }

  get #to(): LiveTransport {
    if (!this.#transport) throw new Error('The live conversation has no transport');
    return this.#transport;
  }

  listens(projectId: string): boolean {
    return this.#rooms.has(projectId);
  }

  deliver(projectId: string, event: LiveEvent): void {
    const room = this.#rooms.get(projectId);
    if (!room) return;
    const { part } = event;
    outsideKey(() => {
      for (const member of room) {
        if (member.held) member.held.push(event);
        else {
          if (!inSnapshot(member.sent, part)) member.listener.send(event.line);
          forgetEnded(member.sent, part);
        }
      }
    });
  }

  /**
   * A chat turn of `userId` in the project starts: `controller` is aborted when they stop it (from any
   * tab, on any instance). Call the answer, its release, when the turn is over.
   */
  stoppable(projectId: string, userId: string, controller: AbortController): () => void {
    const entry = { userId, controller };
    let turns = this.#stoppable.get(projectId);
    if (!turns) this.#stoppable.set(projectId, (turns = new Set()));
    turns.add(entry);
    return () => {
      turns.delete(entry);
      if (turns.size === 0 && this.#stoppable.get(projectId) === turns) this.#stoppable.delete(projectId);
    };
  }

  /** Stops this instance's turns of the user in the project (the transport calls it on every instance). */
  stop(projectId: string, userId: string): void {
    outsideKey(() => {
      for (const turn of this.#stoppable.get(projectId) ?? []) {
        if (turn.userId === userId) turn.controller.abort();
      }
    });
  }

  /** The user's Stop: reaches the instance writing their reply, wherever it is. */
  requestStop(projectId: string, userId: string): Promise<void> {
    return this.#to.stop(projectId, userId);
  }

  /**
   * A reply of `senderId` starts (its request is saved): everyone with the project open sees the
   * request once its sender's name is known (the reply does not wait for it: its sources and text
   * gather meanwhile, and sources named by then come with the request), then the sources if they come
   * later, then the text in batches of LIVE_BATCH_MS. The writer's cost per token is a string append;
   * one timer publishes the batches of every reply in progress.
   */
  publish(
    projectId: string,
    reply: Omit<LiveReply, 'text' | 'sender'>,
    senderId: string,
  ): LiveReplyPublisher {
    const transport = this.#to;
    let begun = false;
    let sources: KnowledgeCitation[] | undefined;
    let pending = '';
    let seq = 0;
    let ended: { messageId: string | null } | null = null;
    const flush = () => {
      if (!pending) return;
      transport.text(projectId, reply.userEntryId, seq, pending, reply.variant);
      seq += 1;
      pending = '';
    };
    const finish = (messageId: string | null) => {
      this.#due.delete(flush);
      flush();
      transport.end(projectId, reply.userEntryId, messageId, reply.variant);
    };
    const { senderName, log } = this.senders;
    void senderName(senderId)
      .catch((error: unknown) => {
        log.warn({ err: error }, "could not read a chat request's sender");
        return '';
      })
      .then((name) => {
        transport.begin(projectId, {
          ...reply,
          sender: { id: senderId, name },
          text: '',
          ...(sources ? { sources } : {}),
        });
        begun = true;
        if (ended) finish(ended.messageId);
        else flush();
      });
    return {
      sources: (list) => {
        if (ended || sources) return;
        sources = list;
        if (begun) transport.sources(projectId, reply.userEntryId, list, reply.variant);
      },
      text: (text) => {
        if (ended || !text) return;
        const first = !pending;
        pending += text;
        if (first && begun) this.#publishSoon(flush);
      },
      end(messageId) {
        if (ended) return;
        ended = { messageId };
        if (begun) finish(messageId);
      },
    };
  }

  /**
   * A saved reply's style fixes or ignored findings: everyone with the project open, on any instance,
   * shows the reply's new text and findings wherever it is in their conversation.
   */
  edited(projectId: string, reply: EditedReply): void {
    this.#to.edited(projectId, reply);
  }

  #publishSoon(flush: () => void) {
    this.#due.add(flush);
    this.#tick ??= setTimeout(this.#publishDue, LIVE_BATCH_MS);
  }

  readonly #publishDue = () => {
    this.#tick = undefined;
    for (const flush of this.#due) flush();
    this.#due.clear();
  };

  /**
   * Opens the project to a listener: it is sent the replies in progress (their sources and text so far),
   * then every event from there on, none twice — events that arrive while the snapshot is read are
   * held, and what the snapshot already holds (a request, sources, text pieces) is dropped. Returns the
   * way to leave.
   */
  async subscribe(projectId: string, listener: LiveListener): Promise<() => void> {
    const member: RoomMember = { listener, held: [], sent: { pieces: new Map(), cited: new Set() } };
    let room = this.#rooms.get(projectId);
    if (!room) this.#rooms.set(projectId, (room = new Set()));
    room.add(member);
    let joined = this.#joins.get(projectId);
    if (!joined) this.#joins.set(projectId, (joined = this.#to.join(projectId)));
    const leave = () => {
      const current = this.#rooms.get(projectId);
      if (!current?.delete(member)) return;
      if (current.size === 0) {
        this.#rooms.delete(projectId);
        this.#joins.delete(projectId);
        this.#to.leave(projectId);
      }
    };
    try {
      await joined;
      await this.#catchUp(projectId, [member]);
    } catch (error) {
      leave();
      throw error;
    }
    return leave;
  }

  /**
   * Sends the members the replies in progress (their sources and text so far), then the events held
   * meanwhile that the snapshot does not hold already, and lets events through to them again.
   */
  async #catchUp(projectId: string, members: RoomMember[]): Promise<void> {
    const snapshot = await this.#to.snapshot(projectId);
    const pieces = new Map(
      snapshot.map((entry) => [liveKey(entry.reply.userEntryId, entry.reply.variant), entry.pieces]),
    );
    const cited = new Set(
      snapshot.flatMap((entry) =>
        entry.reply.sources ? [liveKey(entry.reply.userEntryId, entry.reply.variant)] : [],
      ),
    );
    const replies = liveLine({ type: 'replies', replies: snapshot.map((entry) => entry.reply) });
    for (const member of members) {
      member.listener.send(replies);
      // Each member's own record: an end it is sent takes its reply out for that member only.
      const sent: SnapshotContents = { pieces: new Map(pieces), cited: new Set(cited) };
      for (const { part, line } of member.held ?? []) {
        if (!inSnapshot(sent, part)) member.listener.send(line);
        forgetEnded(sent, part);
      }
      member.held = null;
      member.sent = sent;
    }
  }

  /**
   * The transport may have missed events of the project (its connection to the other instances was
   * lost a while): everyone here following it starts again from the replies in progress, as on a
   * reconnection (a reply that ended meanwhile is not among them, and clients read it saved). Those who
   * cannot be caught up have their streams ended: their clients reconnect.
   */
  async resync(projectId: string): Promise<void> {
    const members = [...(this.#rooms.get(projectId) ?? [])].filter((member) => !member.held);
    for (const member of members) member.held = [];
    try {
      await this.#to.join(projectId);
      await this.#catchUp(projectId, members);
    } catch {
      for (const member of members) member.listener.end();
    }
  }

  /** Ends every listener's stream (a stopping server): their clients reconnect to another instance. */
  endAll(): void {
    for (const room of this.#rooms.values()) for (const member of room) member.listener.end();
  }

  close(): Promise<void> {
    clearTimeout(this.#tick);
    this.#publishDue();
    return this.#to.close();
  }
}
