import { memo } from 'react';
import type { ConversationEntry, ReactionValue } from '@redacta/shared';
import type { PendingExchange } from '../hooks/use-chat-stream';
import { isLocalId } from '../hooks/conversation-cache';
import { AssistantReply, UserMessage } from './conversation-entries';

export interface ConversationHandlers {
  onInsert: (markdown: string) => void;
  onRegenerate: (replyIndex: number) => void;
  onReact: (entryId: string, value: ReactionValue | null) => void;
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
  const lastReply = entries.findLastIndex((entry) => entry.role === 'assistant');
  return entries.map((entry, index) =>
    entry.role === 'user' ? (
      <UserMessage key={entry.id} content={entry.content} />
    ) : (
      <AssistantReply
        key={entry.id}
        entry={entry}
        canReact={!isLocalId(entry.id)}
        canRegenerate={index === lastReply && idle}
        handlers={{
          onInsert: handlers.onInsert,
          onRegenerate: () => handlers.onRegenerate(index),
          onReact: (value) => handlers.onReact(entry.id, value),
        }}
      />
    ),
  );
});

/** The saved entries, then the exchange on its way (its reply grows as the stream arrives). */
export function ConversationList({
  entries,
  pending,
  handlers,
}: {
  entries: ConversationEntry[];
  pending: PendingExchange | null;
  handlers: ConversationHandlers;
}) {
  return (
    <div className="flex flex-col gap-6" data-testid="conversation">
      <SavedEntries entries={entries} idle={pending === null} handlers={handlers} />
      {pending && (
        <>
          <UserMessage content={pending.message} />
          <AssistantReply streaming entry={{ content: pending.reply, status: 'complete', reaction: null }} />
        </>
      )}
    </div>
  );
}
