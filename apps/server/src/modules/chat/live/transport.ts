import type { EditedReply, KnowledgeCitation, LiveConversationPart, LiveReply } from '@redacta/shared';

/** A part as it travels: parsed, and as the NDJSON line every subscriber is sent (serialized once). */
export interface LiveEvent {
  part: LiveConversationPart;
  line: string;
}

export const liveLine = (part: LiveConversationPart) => `${JSON.stringify(part)}\n`;

export const liveEvent = (part: LiveConversationPart): LiveEvent => ({ part, line: liveLine(part) });

/**
 * What names a reply in progress among the others: its request, and its version when the request
 * asked for several (each version streams as a reply of its own).
 */
export const liveKey = (userEntryId: string, variant: number | undefined) =>
  variant === undefined ? userEntryId : `${userEntryId}:${variant}`;

/** The `variant` field of a part, present only for a version of several. */
export const variantOf = (variant: number | undefined) => (variant === undefined ? {} : { variant });

/** What a transport hands back to this instance: the events of projects it joined, and stop requests. */
export interface LiveSink {
  /** Whether anyone on this instance has the project open: without them, its events need not be made. */
  listens(projectId: string): boolean;
  deliver(projectId: string, event: LiveEvent): void;
  stop(projectId: string, userId: string): void;
  /** Events of the project may have been missed: its listeners start again from a snapshot. */
  resync(projectId: string): Promise<void>;
}

/**
 * A reply in progress as a snapshot holds it: the reply with its sources once named and its text so
 * far, made of `pieces` pieces.
 */
export interface LiveSnapshotEntry {
  reply: LiveReply;
  pieces: number;
}

/**
 * How the replies in progress reach every instance: in this process only, or through Redis. A
 * transport keeps each reply in progress with its sources and text (for snapshots), passes its events
 * to the instances that joined its project, and carries the sender's stop to the instance writing the
 * reply.
 */
export interface LiveTransport {
  /** From now on this instance hears the project's events (its sink's `deliver`). */
  join(projectId: string): Promise<void>;
  leave(projectId: string): void;
  /** The project's replies in progress, oldest first. */
  snapshot(projectId: string): Promise<LiveSnapshotEntry[]>;
  begin(projectId: string, reply: LiveReply): void;
  /** The sources of a reply begun without them: kept in its reply, and sent as a `sources` part. */
  sources(projectId: string, userEntryId: string, sources: KnowledgeCitation[], variant?: number): void;
  text(projectId: string, userEntryId: string, seq: number, text: string, variant?: number): void;
  end(projectId: string, userEntryId: string, messageId: string | null, variant?: number): void;
  /** A saved reply's text or ignored findings changed: sent as an `edited` part, kept nowhere. */
  edited(projectId: string, reply: EditedReply): void;
  /** Asks every instance to stop the user's replies in progress in the project. */
  stop(projectId: string, userId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process: enough when a single instance serves everyone. An event is made (its line serialized)
 * only for a project someone has open; the sources and text are kept for snapshots either way.
 */
export function memoryTransport(sink: LiveSink): LiveTransport {
  const running = new Map<string, { projectId: string; reply: LiveReply; pieces: string[] }>();
  const deliver = (projectId: string, part: () => LiveConversationPart) => {
    if (sink.listens(projectId)) sink.deliver(projectId, liveEvent(part()));
  };
  return {
    join: async () => {},
    leave: () => {},
    snapshot: async (projectId) =>
      [...running.values()]
        .filter((entry) => entry.projectId === projectId)
        .map(({ reply, pieces }) => ({ reply: { ...reply, text: pieces.join('') }, pieces: pieces.length })),
    begin(projectId, reply) {
      running.set(liveKey(reply.userEntryId, reply.variant), { projectId, reply, pieces: [] });
      deliver(projectId, () => ({ type: 'request', reply }));
    },
    sources(projectId, userEntryId, sources, variant) {
      const entry = running.get(liveKey(userEntryId, variant));
      if (entry) entry.reply = { ...entry.reply, sources };
      deliver(projectId, () => ({ type: 'sources', userEntryId, sources, ...variantOf(variant) }));
    },
    text(projectId, userEntryId, seq, text, variant) {
      running.get(liveKey(userEntryId, variant))?.pieces.push(text);
      deliver(projectId, () => ({ type: 'text', userEntryId, seq, text, ...variantOf(variant) }));
    },
    end(projectId, userEntryId, messageId, variant) {
      running.delete(liveKey(userEntryId, variant));
      deliver(projectId, () => ({ type: 'end', userEntryId, messageId, ...variantOf(variant) }));
    },
    edited(projectId, reply) {
      deliver(projectId, () => ({ type: 'edited', ...reply }));
    },
    stop: async (projectId, userId) => sink.stop(projectId, userId),
    close: async () => {},
  };
}
