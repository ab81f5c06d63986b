import type { ConversationEntry, KnowledgeCitation, TemplateOutput } from '@redacta/shared';
import type { LiveExchange } from '../hooks/live-exchanges';
import type { PendingExchange, VersionChoice, VersionDraft } from '../hooks/use-chat-stream';

/** One row of the conversation's feed: a saved entry, or a part of the exchange on its way. */
export type FeedRow =
  | {
      kind: 'entry';
      key: string;
      entry: ConversationEntry;
      author?: string;
      /** A template run's reply: the parts it comes in. */
      output?: TemplateOutput;
    }
  | {
      kind: 'request';
      key: string;
      content: string;
      author?: string;
      /** Sent through this API key: shown as "API · <key name>". */
      apiKeyName?: string;
    }
  | {
      kind: 'reply';
      key: string;
      content: string;
      demo: boolean;
      sources: KnowledgeCitation[];
      /** A template run's reply: the parts it comes in. */
      output?: TemplateOutput;
    }
  /** Versions written side by side: streaming, or just written and offered to choose from. */
  | {
      kind: 'versions';
      key: string;
      versions: VersionDraft[];
      streaming: boolean;
      demo: boolean;
      /** The knowledge every version of the request cites as [n] (one list for them all). */
      sources: KnowledgeCitation[];
      /** A template run's versions: the parts each comes in. */
      output?: TemplateOutput;
    };

export const PENDING_REQUEST_KEY = 'pending-request';
export const PENDING_REPLY_KEY = 'pending-reply';

/** The row keys of a reply in progress that this tab follows live (someone else's, or a reload's). */
export const liveRequestKey = (userEntryId: string) => `live-request-${userEntryId}`;
export const liveReplyKey = (userEntryId: string) => `live-reply-${userEntryId}`;

/**
 * The feed's rows: the saved entries (a teammate's request with their name), the replies in progress followed live, then the exchange on its
 * way from this tab (its reply grows as the stream arrives). A reply being regenerated gives its place
 * to the new one while it streams. A live reply sits right after its request when the request is
 * saved and read already (taking the place of the reply it regenerates, or of its own saved copy until
 * the live one gives way), or at the end with its request and its sender's name. A reply is keyed by its
 * first version, so showing another version keeps its row (and the focus in it). Versions written
 * side by side are followed side by side.
 */
export function feedRows(
  entries: ConversationEntry[],
  pending: PendingExchange | null,
  live: LiveExchange[] = [],
  /** The reader: their own requests carry no sender's name. */
  userId?: string,
  /** Versions just written, shown side by side in place of their saved reply until one is chosen. */
  choice: VersionChoice | null = null,
): FeedRow[] {
  let choosing = false;
  const regenerates = pending?.regenerates ?? null;
  const following = new Map(live.map((exchange) => [exchange.userEntryId, exchange]));
  const placed = new Set<string>();
  const rows: FeedRow[] = [];
  let answered: LiveExchange | undefined;
  // The parts the latest request's template run asks for: its reply comes in them.
  let output: TemplateOutput | undefined;
  for (const entry of entries) {
    if (entry.id === regenerates) continue;
    // The saved reply of a request whose reply is followed live: the live one shows instead.
    if (answered && entry.role === 'assistant') {
      answered = undefined;
      continue;
    }
    answered = undefined;
    if (entry.role === 'user') output = entry.template?.output;
    if (entry.role === 'user') choosing = entry.id === choice?.userEntryId;
    else if (choosing && choice) {
      choosing = false;
      rows.push({
        kind: 'versions',
        key: entry.versions[0]?.id ?? entry.id,
        versions: choice.versions,
        streaming: false,
        demo: entry.demo,
        sources: entry.sources ?? [],
        ...(output ? { output } : {}),
      });
      continue;
    }
    const author = entry.author && entry.author.id !== userId ? { author: entry.author.name } : {};
    rows.push({
      kind: 'entry',
      key: entry.versions[0]?.id ?? entry.id,
      entry,
      ...author,
      ...(entry.role === 'assistant' && output ? { output } : {}),
    });
    const exchange = entry.role === 'user' ? following.get(entry.id) : undefined;
    if (exchange) {
      rows.push(liveReplyRow(exchange));
      placed.add(exchange.userEntryId);
      answered = exchange;
    }
  }
  for (const exchange of live) {
    if (placed.has(exchange.userEntryId)) continue;
    rows.push({
      kind: 'request',
      key: liveRequestKey(exchange.userEntryId),
      content: exchange.message,
      ...(exchange.sender.id === userId ? {} : { author: exchange.sender.name }),
      ...(exchange.apiKey ? { apiKeyName: exchange.apiKey.name } : {}),
    });
    rows.push(liveReplyRow(exchange));
  }
  if (pending) {
    // A new template run's parts come with it; a reply regenerated answers the last request, whose
    // template the loop above read last.
    const pendingOutput = regenerates ? output : pending.template?.output;
    if (!regenerates) rows.push({ kind: 'request', key: PENDING_REQUEST_KEY, content: pending.message });
    rows.push(
      pending.versions
        ? {
            kind: 'versions',
            key: PENDING_REPLY_KEY,
            versions: pending.versions,
            streaming: true,
            demo: pending.demo,
            sources: pending.sources,
            ...(pendingOutput ? { output: pendingOutput } : {}),
          }
        : {
            kind: 'reply',
            key: PENDING_REPLY_KEY,
            content: pending.reply,
            demo: pending.demo,
            sources: pending.sources,
            ...(pendingOutput ? { output: pendingOutput } : {}),
          },
    );
  }
  return rows;
}

/** A reply followed live: its text, or its versions side by side while they are written. */
function liveReplyRow(exchange: LiveExchange): FeedRow {
  const key = liveReplyKey(exchange.userEntryId);
  if (exchange.versions.length > 1) {
    return {
      kind: 'versions',
      key,
      versions: exchange.versions.map((version) => ({
        text: version.text,
        messageId: null,
        wordsCharged: 0,
        status: version.ended ? 'complete' : null,
      })),
      streaming: !exchange.ended,
      demo: false,
      sources: exchange.sources ?? [],
      ...(exchange.template?.output ? { output: exchange.template.output } : {}),
    };
  }
  return {
    kind: 'reply',
    key,
    content: exchange.versions[0]?.text ?? '',
    demo: false,
    sources: exchange.sources ?? [],
    ...(exchange.template?.output ? { output: exchange.template.output } : {}),
  };
}

/** The conversation column's widest (its max-width) and the average width of a character at 16 px. */
export const COLUMN_MAX_PX = 760;
const CHAR_PX = 8;
const LINE_PX = 26;

/**
 * A first guess at a row's height before it is measured, from its text and the column's width
 * (`scrollerWidth`, the scroller's): close guesses keep the scrollbar steady and the view still while
 * rows above it are measured for the first time.
 */
export function estimateRowHeight(row: FeedRow, scrollerWidth: number): number {
  const column = Math.min(scrollerWidth, COLUMN_MAX_PX) - (scrollerWidth >= 768 ? 48 : 32);
  const content =
    row.kind === 'entry'
      ? row.entry.content
      : row.kind === 'versions'
        ? row.versions.reduce(
            (longest, version) => (version.text.length > longest.length ? version.text : longest),
            '',
          )
        : row.content;
  if (row.kind === 'request' || (row.kind === 'entry' && row.entry.role === 'user')) {
    // The bubble: at most 85 % of the column, with its padding.
    const lineChars = Math.max(10, Math.floor((column * 0.85 - 32) / CHAR_PX));
    return 20 + LINE_PX * Math.max(1, Math.ceil(content.length / lineChars));
  }
  // Beside the avatar: each paragraph or list item starts a line, then wraps; blocks are 12 px apart,
  // and the actions take a row under the reply.
  const lineChars = Math.max(10, Math.floor((column - 40) / CHAR_PX));
  const blocks = content.split(/\n+/).filter((line) => line.trim() !== '');
  const lines = blocks.reduce((sum, block) => sum + Math.max(1, Math.ceil(block.length / lineChars)), 0);
  return 44 + LINE_PX * lines + 12 * blocks.length;
}
