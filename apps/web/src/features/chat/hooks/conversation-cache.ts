import type { QueryClient } from '@tanstack/react-query';
import type { ConversationEntry, ConversationResponse, ReplyVersion } from '@redacta/shared';
import { chatKeys } from '../api/chat-keys';

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
    demo: false,
    versions: [],
    ...fields,
  };
}

function versionOf(entry: ConversationEntry): ReplyVersion {
  const { id, content, status, model, demo, wordsCharged, createdAt, reaction } = entry;
  return { id, content, status, model, demo, wordsCharged, createdAt, reaction };
}

/** Every version of a reply, oldest first (the server lists them only when there are several). */
export function versionsOf(entry: ConversationEntry): ReplyVersion[] {
  return entry.versions.length > 0 ? entry.versions : [versionOf(entry)];
}

function updateEntries(
  queryClient: QueryClient,
  projectId: string,
  update: (entry: ConversationEntry) => ConversationEntry,
): void {
  queryClient.setQueryData<ConversationResponse>(chatKeys.conversation(projectId), (conversation) =>
    conversation ? { ...conversation, entries: conversation.entries.map(update) } : conversation,
  );
}

/** A regenerated reply takes the place of the one it replaces, whose versions it joins as the newest. */
export function replaceReply(
  queryClient: QueryClient,
  projectId: string,
  replacedId: string,
  reply: ConversationEntry,
): void {
  updateEntries(queryClient, projectId, (entry) =>
    entry.id === replacedId ? { ...reply, versions: [...versionsOf(entry), versionOf(reply)] } : entry,
  );
}

/** Shows the version `versionId` of whichever reply has it. */
export function showVersion(queryClient: QueryClient, projectId: string, versionId: string): void {
  updateEntries(queryClient, projectId, (entry) => {
    const version = entry.versions.find((candidate) => candidate.id === versionId);
    return version ? { ...entry, ...version } : entry;
  });
}

/** A reaction on a version of a reply, wherever it shows: as the reply, and in its versions. */
export function setReaction(
  queryClient: QueryClient,
  projectId: string,
  entryId: string,
  reaction: ConversationEntry['reaction'],
): void {
  updateEntries(queryClient, projectId, (entry) => {
    const versions = entry.versions.map((version) =>
      version.id === entryId ? { ...version, reaction } : version,
    );
    return entry.id === entryId ? { ...entry, reaction, versions } : { ...entry, versions };
  });
}

/** Appends the entries of a finished exchange to the cached conversation, so it shows without a reload. */
export function appendEntries(
  queryClient: QueryClient,
  projectId: string,
  entries: ConversationEntry[],
): void {
  queryClient.setQueryData<ConversationResponse>(chatKeys.conversation(projectId), (conversation) => ({
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
  ids: {
    userEntryId: string;
    localReplyId: string;
    /** A stopped regenerated reply: the versions before it, which the server shows until it is saved. */
    earlierIds?: string[];
  },
  readConversation: () => Promise<ConversationResponse>,
): Promise<void> {
  for (const delay of STOPPED_REPLY_LOOKUPS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    let saved: ConversationResponse;
    try {
      saved = await readConversation();
    } catch {
      continue;
    }
    const asked = saved.entries.findIndex((entry) => entry.id === ids.userEntryId);
    const reply = asked >= 0 ? saved.entries[asked + 1] : undefined;
    if (reply?.role !== 'assistant' || ids.earlierIds?.includes(reply.id)) continue;
    updateEntries(queryClient, projectId, (entry) => (entry.id === ids.localReplyId ? reply : entry));
    return;
  }
}
