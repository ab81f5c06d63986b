import type { ConversationEntry } from '@redacta/shared';
import type { PendingExchange } from '../hooks/use-chat-stream';

/** One row of the conversation's feed: a saved entry, or a part of the exchange on its way. */
export type FeedRow =
  | { kind: 'entry'; key: string; entry: ConversationEntry }
  | { kind: 'request'; key: string; content: string }
  | { kind: 'reply'; key: string; content: string; demo: boolean };

export const PENDING_REQUEST_KEY = 'pending-request';
export const PENDING_REPLY_KEY = 'pending-reply';

/**
 * The feed's rows: the saved entries, then the exchange on its way (its reply grows as the stream
 * arrives). A reply being regenerated gives its place to the new one while it streams. A reply is
 * keyed by its first version, so showing another version keeps its row (and the focus in it).
 */
export function feedRows(entries: ConversationEntry[], pending: PendingExchange | null): FeedRow[] {
  const regenerates = pending?.regenerates ?? null;
  const rows: FeedRow[] = [];
  for (const entry of entries) {
    if (entry.id === regenerates) continue;
    rows.push({ kind: 'entry', key: entry.versions[0]?.id ?? entry.id, entry });
  }
  if (pending) {
    if (!regenerates) rows.push({ kind: 'request', key: PENDING_REQUEST_KEY, content: pending.message });
    rows.push({ kind: 'reply', key: PENDING_REPLY_KEY, content: pending.reply, demo: pending.demo });
  }
  return rows;
}

/** Rough characters per line of a reply and of a request bubble in the 760 px column. */
const REPLY_CHARS_PER_LINE = 80;
const REQUEST_CHARS_PER_LINE = 60;
const LINE_PX = 26;

/**
 * A first guess at a row's height before it is measured, from its text: close guesses keep the
 * scrollbar steady while rows above the screen are measured for the first time.
 */
export function estimateRowHeight(row: FeedRow): number {
  const content = row.kind === 'entry' ? row.entry.content : row.content;
  const paragraphs = content.split(/\n{2,}/).length;
  if (row.kind === 'request' || (row.kind === 'entry' && row.entry.role === 'user')) {
    return 20 + LINE_PX * Math.max(1, Math.ceil(content.length / REQUEST_CHARS_PER_LINE));
  }
  // Text lines, the space between blocks, and the row of actions under the reply.
  return 48 + LINE_PX * Math.ceil(content.length / REPLY_CHARS_PER_LINE) + 12 * paragraphs;
}
