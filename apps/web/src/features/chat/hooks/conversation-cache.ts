import { replaceEqualDeep, type QueryClient } from '@tanstack/react-query';
import type {
  ConversationEntry,
  ConversationPage,
  EditedReply,
  EditReplyBody,
  ReplyVersion,
} from '@redacta/shared';
import { chatKeys } from '../api/chat-keys';
import type { EditReplyInput, ReplyChoiceInput } from '../api/reply-choice-inputs';
import { fetchConversationPage, type ConversationPages } from '../api/use-conversation';

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
    author: null,
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
  const { id, content, status, model, demo, wordsCharged, createdAt, reaction, sources, ignoredFindings } =
    entry;
  return { id, content, status, model, demo, wordsCharged, createdAt, reaction, sources, ignoredFindings };
}

/** Every version of a reply, oldest first (the server lists them only when there are several). */
export function versionsOf(entry: ConversationEntry): ReplyVersion[] {
  return entry.versions.length > 0 ? entry.versions : [versionOf(entry)];
}

/** The entries read so far in reading order: the oldest page first, oldest entry first in each. */
export function entriesOf(pages: Pick<ConversationPages, 'pages'> | undefined): ConversationEntry[] {
  if (!pages) return [];
  if (pages.pages.length === 1) return pages.pages[0]!.entries;
  return [...pages.pages].reverse().flatMap((page) => page.entries);
}

/**
 * Applies `update` to every cached entry. An entry `update` returns unchanged stays the same object,
 * and so does its page: the list re-renders only the entries that changed.
 */
function updateEntries(
  queryClient: QueryClient,
  projectId: string,
  update: (entry: ConversationEntry) => ConversationEntry,
): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversation(projectId), (cached) => {
    if (!cached) return cached;
    let changed = false;
    const pages = cached.pages.map((page) => {
      const entries = page.entries.map(update);
      if (entries.every((entry, index) => entry === page.entries[index])) return page;
      changed = true;
      return { ...page, entries };
    });
    return changed ? { ...cached, pages } : cached;
  });
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
    // A version that cites nothing (or ignores nothing) leaves none of the shown one's behind.
    return version ? { ...entry, sources: undefined, ignoredFindings: undefined, ...version } : entry;
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
    if (entry.id !== entryId && !entry.versions.some((version) => version.id === entryId)) return entry;
    const versions = entry.versions.map((version) =>
      version.id === entryId ? { ...version, reaction } : version,
    );
    return entry.id === entryId ? { ...entry, reaction, versions } : { ...entry, versions };
  });
}

/**
 * A version of a reply with its style fixes or ignored findings, wherever it shows: as the reply, and
 * in its versions. Only the fields `edit` gives change.
 */
export function editReply(
  queryClient: QueryClient,
  projectId: string,
  entryId: string,
  edit: EditReplyBody,
): void {
  updateEntries(queryClient, projectId, (entry) => {
    if (entry.id !== entryId && !entry.versions.some((version) => version.id === entryId)) return entry;
    const versions = entry.versions.map((version) =>
      version.id === entryId ? { ...version, ...edit } : version,
    );
    return entry.id === entryId ? { ...entry, ...edit, versions } : { ...entry, versions };
  });
}

/** The fields `edit` changes, as the cached version `entryId` has them now (undefined when not cached). */
export function replyFieldsBefore(
  queryClient: QueryClient,
  projectId: string,
  entryId: string,
  edit: EditReplyBody,
): EditReplyBody | undefined {
  const pages = queryClient.getQueryData<ConversationPages>(chatKeys.conversation(projectId));
  const version = entriesOf(pages)
    .flatMap((entry) => [entry, ...entry.versions])
    .find((candidate) => candidate.id === entryId);
  if (!version) return undefined;
  return {
    ...('content' in edit ? { content: version.content } : {}),
    ...('ignoredFindings' in edit ? { ignoredFindings: version.ignoredFindings ?? [] } : {}),
  };
}

/**
 * Whether this tab is still saving fixes of the version `entryId` (besides the edit `besides`): what
 * the server or the live conversation says of it meanwhile is older than what the reply shows.
 */
export function savingEdits(
  queryClient: QueryClient,
  projectId: string,
  entryId: string,
  besides?: EditReplyInput,
): boolean {
  return replyChoices(queryClient, projectId).some((choice) => {
    const made = choice.state.variables as ReplyChoiceInput;
    return (
      choice.state.status === 'pending' && made !== besides && 'edit' in made && made.entryId === entryId
    );
  });
}

/**
 * Appends the entries of a finished exchange to the newest page, so they show without a reload. An
 * entry already there is not added again: the live conversation may have read the newest page, with
 * the saved exchange, first.
 */
export function appendEntries(queryClient: QueryClient, projectId: string, added: ConversationEntry[]): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversation(projectId), (cached) => {
    const known = new Set(entriesOf(cached).map((entry) => entry.id));
    const entries = added.filter((entry) => !known.has(entry.id));
    if (entries.length === 0 && cached) return cached;
    if (!cached?.pages[0]) {
      return {
        pages: [{ projectId, entries, hasMore: false, nextCursor: null }],
        pageParams: [null],
      };
    }
    const [newest, ...older] = cached.pages;
    return { ...cached, pages: [{ ...newest, entries: [...newest.entries, ...entries] }, ...older] };
  });
}

/**
 * The cached pages with the server's newest page in place of their newest entries. The older pages
 * stay as they are (their cursors still hold): the fresh page replaces the cached entries from its
 * oldest one on, and the entries before that stay in the newest cached page. Entries the server
 * answers unchanged keep their objects, so only what changed re-renders. When the fresh page does not
 * reach back to what is cached (many entries came from elsewhere), the fresh page alone remains.
 */
export function withNewestPage(
  cached: ConversationPages | undefined,
  fresh: ConversationPage,
): ConversationPages {
  const only: ConversationPages = { pages: [fresh], pageParams: [null] };
  const newest = cached?.pages[0];
  const oldestFresh = fresh.entries[0];
  if (!cached || !newest || !oldestFresh) return only;
  const from = newest.entries.findIndex((entry) => entry.id === oldestFresh.id);
  if (from < 0) return only;
  const kept = newest.entries.slice(0, from);
  const replaced = replaceEqualDeep(newest.entries.slice(from), fresh.entries);
  return {
    ...cached,
    pages: [{ ...newest, entries: [...kept, ...replaced] }, ...cached.pages.slice(1)],
  };
}

/**
 * Reads the newest page again after a reply (the saved ids, words and statuses) without reading
 * every older page the user has scrolled through again. A version shown or a reaction given while the
 * page was read is applied again on top: the server may have read the page before saving it.
 */
export async function refreshNewestPage(queryClient: QueryClient, projectId: string): Promise<void> {
  const settledBefore = new Set(
    replyChoices(queryClient, projectId).filter((choice) => choice.state.status !== 'pending'),
  );
  let fresh: ConversationPage;
  try {
    fresh = await fetchConversationPage(projectId, null);
  } catch {
    // What is shown stays; the next visit reads the conversation again.
    return;
  }
  queryClient.setQueryData<ConversationPages>(chatKeys.conversation(projectId), (cached) =>
    withNewestPage(cached, fresh),
  );
  for (const choice of replyChoices(queryClient, projectId)) {
    // Settled before the page was read: the page holds it.
    if (settledBefore.has(choice)) continue;
    const { status } = choice.state;
    const made = choice.state.variables as ReplyChoiceInput;
    if ('versionId' in made && status !== 'error') showVersion(queryClient, projectId, made.versionId);
    if ('value' in made && status === 'success')
      setReaction(queryClient, projectId, made.entryId, made.value);
    if ('edit' in made && status !== 'error') {
      // Saved: as the server answered it (its text trimmed); still saving: as this tab shows it.
      const saved = choice.state.data as EditedReply | undefined;
      const { content, ignoredFindings } = saved ?? { ...made.edit };
      editReply(queryClient, projectId, made.entryId, {
        ...(content === undefined ? {} : { content }),
        ...(ignoredFindings === undefined ? {} : { ignoredFindings }),
      });
    }
  }
}

/** This tab's choices of how the project's saved replies show, in the order they were made. */
function replyChoices(queryClient: QueryClient, projectId: string) {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: chatKeys.replyChoice })
    .filter((choice) => (choice.state.variables as ReplyChoiceInput | undefined)?.projectId === projectId);
}

/**
 * Leaving a conversation keeps only its newest page in the cache: coming back opens at the bottom
 * anyway, and reads one page again instead of every page scrolled through.
 */
export function keepNewestPage(queryClient: QueryClient, projectId: string): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversation(projectId), (cached) =>
    cached && cached.pages.length > 1
      ? { pages: cached.pages.slice(0, 1), pageParams: cached.pageParams.slice(0, 1) }
      : cached,
  );
}

/** When to ask for the conversation again for a stopped reply's id (ms after the stop, one after another). */
export const STOPPED_REPLY_LOOKUPS_MS = [200, 800, 2500, 5000];

/**
 * A stopped reply is saved once the server notices the client left, after the stream has closed, so
 * its id (which 👍/👎 and Regenerate need) is learned by reading the conversation again a few times. Only that reply
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
  readConversation: () => Promise<ConversationPage>,
): Promise<void> {
  for (const delay of STOPPED_REPLY_LOOKUPS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    let saved: ConversationPage;
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
