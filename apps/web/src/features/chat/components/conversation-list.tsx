import { memo, useMemo } from 'react';
import type { ConversationEntry, ReactionValue } from '@redacta/shared';
import type { PendingExchange } from '../hooks/use-chat-stream';
import { isLocalId } from '../hooks/conversation-cache';
import { AssistantReply, UserMessage } from './conversation-entries';

export interface ConversationHandlers {
  onInsert: (markdown: string) => void;
  /** Regenerates the reply shown as `replyId` (the conversation's last entry). */
  onRegenerate: (replyId: string) => void;
  onReact: (entryId: string, value: ReactionValue | null) => void;
  onShowVersion: (versionId: string) => void;
}

/**
 * The saved entries. Memoised: while a reply streams only the growing reply re-renders, not every
 * earlier reply's markdown (the handlers are stable).
 */
const SavedEntries = memo(function SavedEntries({
  entries,
  idle,
  handlers,
}: {
  entries: ConversationEntry[];
  /** No reply is on its way: the last reply may be regenerated. */
  idle: boolean;
  handlers: ConversationHandlers;
}) {
  return entries.map((entry, index) =>
    entry.role === 'user' ? (
      <UserMessage key={entry.id} content={entry.content} />
    ) : (
      <AssistantReply
        // Keyed by its first version: showing another one keeps the reply (and the focus in it) in place.
        key={entry.versions[0]?.id ?? entry.id}
        entry={entry}
        canReact={!isLocalId(entry.id)}
        // Only the last request's reply: later requests were answered with this one in their history.
        canRegenerate={index === entries.length - 1 && idle}
        handlers={{
          onInsert: handlers.onInsert,
          onRegenerate: () => handlers.onRegenerate(entry.id),
          onReact: (value) => handlers.onReact(entry.id, value),
          onShowVersion: handlers.onShowVersion,
        }}
      />
    ),
  );
});

/**
 * The saved entries, then the exchange on its way (its reply grows as the stream arrives). A reply
 * being regenerated gives its place to the new one while it streams.
 */
export function ConversationList({
  entries,
  pending,
  handlers,
}: {
  entries: ConversationEntry[];
  pending: PendingExchange | null;
  handlers: ConversationHandlers;
}) {
  const regenerates = pending?.regenerates ?? null;
  const shown = useMemo(
    () => (regenerates ? entries.filter((entry) => entry.id !== regenerates) : entries),
    [entries, regenerates],
  );
  return (
    <div className="flex flex-col gap-6" data-testid="conversation">
      <SavedEntries entries={shown} idle={pending === null} handlers={handlers} />
      {pending && (
        <>
          {!regenerates && <UserMessage content={pending.message} />}
          <AssistantReply
            streaming
            entry={{ content: pending.reply, status: 'complete', reaction: null, demo: pending.demo }}
          />
        </>
      )}
    </div>
  );
}
