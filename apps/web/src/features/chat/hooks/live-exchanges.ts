import type { LiveConversationPart, LiveReply } from '@redacta/shared';
import type { PendingExchange } from './use-chat-stream';

/** One version of a reply in progress: its text so far, and whether it is saved. */
export interface LiveVersion {
  text: string;
  ended: boolean;
}

/**
 * A reply in progress in the project as this tab knows it: its request, who sent it, the knowledge it
 * cites (`sources`, shared by its versions) and its text so far — one version, or each of the versions
 * written side by side, in order.
 */
export interface LiveExchange extends Omit<LiveReply, 'text' | 'variant'> {
  versions: LiveVersion[];
  /** Every version is saved: it stays shown until the conversation read again holds it. */
  ended: boolean;
}

const versionOf = (variant: number | undefined) => variant ?? 0;

/** The exchange with version `variant` changed by `change` (created empty first when it is new). */
function withVersion(
  exchange: LiveExchange,
  variant: number | undefined,
  change: (version: LiveVersion) => LiveVersion,
): LiveExchange {
  const versions = [...exchange.versions];
  const index = versionOf(variant);
  for (let missing = versions.length; missing <= index; missing += 1) {
    versions[missing] = { text: '', ended: false };
  }
  versions[index] = change(versions[index]!);
  return { ...exchange, versions, ended: versions.every((version) => version.ended) };
}

/** Adds a reply in progress (one version of it) to the exchanges. */
function withReply(exchanges: LiveExchange[], reply: LiveReply): LiveExchange[] {
  const { text, variant, ...request } = reply;
  const known = exchanges.find((exchange) => exchange.userEntryId === reply.userEntryId);
  if (known && known.versions[versionOf(variant)]) return exchanges;
  const cited = known && !known.sources && request.sources ? { ...known, sources: request.sources } : known;
  const exchange = withVersion(cited ?? { ...request, versions: [], ended: false }, variant, () => ({
    text,
    ended: false,
  }));
  return known ? exchanges.map((other) => (other === known ? exchange : other)) : [...exchanges, exchange];
}

/**
 * The replies in progress after one part of the live conversation: `replies` replaces them all (a
 * reconnection starts from the server's view), `request` adds one (or one of its versions), `sources`
 * names what one cites (every version sends the same), `text` grows one, `end` marks one saved. The
 * other parts change nothing. Unchanged exchanges keep their objects.
 */
export function applyLivePart(exchanges: LiveExchange[], part: LiveConversationPart): LiveExchange[] {
  switch (part.type) {
    case 'replies':
      return part.replies.reduce(withReply, []);
    case 'request':
      return withReply(exchanges, part.reply);
    case 'sources':
      return exchanges.map((exchange) =>
        exchange.userEntryId === part.userEntryId && !exchange.sources
          ? { ...exchange, sources: part.sources }
          : exchange,
      );
    case 'text':
      return exchanges.map((exchange) =>
        exchange.userEntryId === part.userEntryId
          ? withVersion(exchange, part.variant, (version) => ({ ...version, text: version.text + part.text }))
          : exchange,
      );
    case 'end':
      return exchanges.map((exchange) =>
        exchange.userEntryId === part.userEntryId
          ? withVersion(exchange, part.variant, (version) => ({ ...version, ended: true }))
          : exchange,
      );
    default:
      return exchanges;
  }
}

/** Drops an exchange once every version of it is saved and the conversation read again holds them. */
export function withoutEndedExchange(exchanges: LiveExchange[], userEntryId: string): LiveExchange[] {
  return exchanges.filter((exchange) => exchange.userEntryId !== userEntryId || !exchange.ended);
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
