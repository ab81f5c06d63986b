import type { QueryClient } from '@tanstack/react-query';
import type { ConversationEntry } from '@redacta/shared';
import { chatKeys } from '../api/chat-keys';
import type { Conversation } from '../api/use-conversation';

/** Ids the client gives entries the server saved but did not name (a stopped reply) until the next load. */
export const LOCAL_ID_PREFIX = 'local-';

export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}

let localCounter = 0;
export function localId(): string {
  localCounter += 1;
  return `${LOCAL_ID_PREFIX}${Date.now()}-${localCounter}`;
}

export function newEntry(
  fields: Pick<ConversationEntry, 'id' | 'role' | 'content'> & Partial<ConversationEntry>,
): ConversationEntry {
  return {
    status: 'complete',
    model: null,
    wordsCharged: 0,
    createdAt: new Date().toISOString(),
    reaction: null,
    ...fields,
  };
}

/** Appends the entries of a finished exchange to the cached conversation, so it shows without a reload. */
export function appendEntries(
  queryClient: QueryClient,
  projectId: string,
  entries: ConversationEntry[],
): void {
  queryClient.setQueryData<Conversation>(chatKeys.conversation(projectId), (conversation) => ({
    projectId,
    entries: [...(conversation?.entries ?? []), ...entries],
  }));
}
