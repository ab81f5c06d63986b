import type { LiveConversationPart, LiveReply } from '@redacta/shared';
import type { PendingExchange } from './use-chat-stream';

/** A reply in progress in the project as this tab knows it: its request, who sent it, its text so far. */
export interface LiveExchange extends LiveReply {
  /** The reply is saved: it stays shown until the conversation read again holds it. */
  ended: boolean;
}

/**
 * The replies in progress after one part of the live conversation: `replies` replaces them all (a
 * reconnection starts from the server's view), `request` adds one, `text` grows one, `end` marks one
 * saved. The other parts change nothing. Unchanged exchanges keep their objects.
 */
export function applyLivePart(exchanges: LiveExchange[], part: LiveConversationPart): LiveExchange[] {
  // Of versions written side by side, this tab follows the first; all of them show once saved.
  if (laterVersion(part)) return exchanges;
  switch (part.type) {
    case 'replies':
      return part.replies.filter((reply) => !reply.variant).map((reply) => ({ ...reply, ended: false }));
    case 'request':
      if (exchanges.some((exchange) => exchange.userEntryId === part.reply.userEntryId)) return exchanges;
      return [...exchanges, { ...part.reply, ended: false }];
    case 'text':
      return exchanges.map((exchange) =>
        exchange.userEntryId === part.userEntryId
          ? { ...exchange, text: exchange.text + part.text }
          : exchange,
      );
    case 'end':
      return exchanges.map((exchange) =>
        exchange.userEntryId === part.userEntryId ? { ...exchange, ended: true } : exchange,
      );
    default:
      return exchanges;
  }
}

function laterVersion(part: LiveConversationPart): boolean {
  if (part.type === 'request') return !!part.reply.variant;
  if (part.type === 'text' || part.type === 'end') return !!part.variant;
  return false;
}

/** Drops an exchange (once the conversation read again holds its saved reply). */
export function withoutExchange(exchanges: LiveExchange[], userEntryId: string): LiveExchange[] {
  return exchanges.filter((exchange) => exchange.userEntryId !== userEntryId);
}

/**
 * The live exchanges this tab shows: all but the one it is streaming itself. Until its reply starts,
 * the tab does not know its request's id yet, so it leaves aside the user's own exchanges then.
 */
export function followedExchanges(
  exchanges: LiveExchange[],
  pending: Pick<PendingExchange, 'userEntryId'> | null,
  userId: string | undefined,
): LiveExchange[] {
  if (!pending) return exchanges;
  return exchanges.filter((exchange) =>
    pending.userEntryId ? exchange.userEntryId !== pending.userEntryId : exchange.sender.id !== userId,
  );
}
