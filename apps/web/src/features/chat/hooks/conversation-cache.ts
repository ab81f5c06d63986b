import type { QueryClient } from '@tanstack/react-query';
import type { ConversationEntry } from '@redacta/shared';
import { chatKeys } from '../api/chat-keys';
import type { Conversation } from '../api/use-conversation';

/** Ids the client gives entries the server saved but did not name (a stopped reply) until it learns them. */
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
    promptId: null,
    liveSearch: false,
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

/** When to ask for the conversation again for a stopped reply's id (ms after the stop, one after another). */
export const STOPPED_REPLY_LOOKUPS_MS = [200, 800, 2500];

/**
 * A stopped reply is saved once the server notices the client left, after the stream has closed, so
 * its id (which 👍/👎 need) is learned by reading the conversation again a few times. Only that reply
 * is updated (id, saved text, words): the cached conversation is not replaced, so nothing shown
 * disappears if the server is slower than the last lookup — the next load names it then.
 */
export async function adoptStoppedReply(
  queryClient: QueryClient,
  projectId: string,
  ids: { userEntryId: string; localReplyId: string },
  readConversation: () => Promise<Conversation>,
): Promise<void> {
  for (const delay of STOPPED_REPLY_LOOKUPS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    let saved: Conversation;
    try {
      saved = await readConversation();
    } catch {
      continue;
    }
    const asked = saved.entries.findIndex((entry) => entry.id === ids.userEntryId);
    const reply = asked >= 0 ? saved.entries[asked + 1] : undefined;
    if (reply?.role !== 'assistant') continue;
    queryClient.setQueryData<Conversation>(chatKeys.conversation(projectId), (conversation) =>
      conversation
        ? {
            ...conversation,
            entries: conversation.entries.map((entry) => (entry.id === ids.localReplyId ? reply : entry)),
          }
        : conversation,
    );
    return;
  }
}
