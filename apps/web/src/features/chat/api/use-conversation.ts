import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ConversationPage } from '@redacta/shared';
import { api, getFirstRead } from '@/lib/api-client';
import { loadMarkdownRenderer } from '../components/markdown-loader';
import { parseSimpleMarkdown } from '../components/simple-markdown';
import { chatKeys } from './chat-keys';

/** The pages of a conversation read so far: the newest first, each older one after it. */
export type ConversationPages = InfiniteData<ConversationPage, string | null>;

/**
 * GET /api/project/{id}/conversation: the newest page, or (`before`) the page older than a cursor.
 * The page's first read of the newest page of the project the chat opens takes the boot script's
 * answer (getFirstRead).
 */
export function fetchConversationPage(projectId: string, before: string | null): Promise<ConversationPage> {
  if (before)
    return api.get<ConversationPage>(
      `/project/${projectId}/conversation?before=${encodeURIComponent(before)}`,
    );
  return getFirstRead<ConversationPage>(`/project/${projectId}/conversation`);
}

/**
 * An entry whose reply the simple path cannot draw (see components/simple-markdown.tsx): a reply
 * outside the simple part of markdown or citing sources, or a template run's request (its reply is
 * drawn with its parts' labels).
 */
const needsRenderer = (entry: ConversationPage['entries'][number]) =>
  entry.role === 'user'
    ? entry.template?.output !== undefined
    : entry.content !== '' &&
      ((entry.sources?.length ?? 0) > 0 || parseSimpleMarkdown(entry.content) === null);

/**
 * A page of the conversation as the chat shows it. The markdown renderer is a chunk of its own: a
 * page holding a reply the simple path cannot draw is handed over once the renderer is there too, so
 * its replies are drawn as markdown from the first frame. `rendererAlongside` fetches it beside the
 * request, not after it.
 */
async function readConversationPage(
  projectId: string,
  before: string | null,
  rendererAlongside: boolean,
): Promise<ConversationPage> {
  const renderer = rendererAlongside ? loadMarkdownRenderer() : null;
  const page = await fetchConversationPage(projectId, before);
  if (page.entries.some(needsRenderer)) await (renderer ?? loadMarkdownRenderer());
  return page;
}

function conversationOptions(projectId: string, rendererAlongside: boolean) {
  return infiniteQueryOptions({
    queryKey: chatKeys.conversation(projectId),
    queryFn: ({ pageParam }) => readConversationPage(projectId, pageParam, rendererAlongside),
    initialPageParam: null as string | null,
    // "Next" is older: the pages are read from the newest back.
    getNextPageParam: (page) => page.nextCursor,
  });
}

/**
 * The conversation the chat is about to open, asked for before its screen mounts. For a project the
 * user comes back to (named in the address or last opened on this device: `returning`), likely with
 * replies, the markdown renderer is fetched beside it, so a long conversation waits for neither in
 * turn; for the workspace's newest project on a device that knows none, only if it holds a reply.
 */
export function conversationQueryOptions(projectId: string, returning: boolean) {
  return conversationOptions(projectId, returning);
}

/**
 * How long a conversation just read (or just written to the cache) is shown as it is when the chat
 * mounts: the screen opening right after the head start (app/layout/prefetch-open-chat.ts) answered
 * does not ask the busy server for the same page again while it draws. What this client changes
 * updates the cache itself (a sent message then reads the newest page again); coming back later
 * reads it again.
 */
export const CONVERSATION_FRESH_MS = 10_000;

/**
 * The conversation of a project, a page at a time from the newest (`fetchNextPage` reads an older
 * one). Asked for by the chat itself, the conversation brings the markdown renderer only when it
 * holds a reply: a new project, a first visit's, neither waits for it nor spends a slow network
 * and CPU on it before its first paint (the renderer comes with the first message sent).
 */
export function useConversation(projectId: string | null) {
  return useInfiniteQuery({
    ...conversationOptions(projectId ?? '', false),
    staleTime: CONVERSATION_FRESH_MS,
    enabled: projectId !== null,
  });
}
