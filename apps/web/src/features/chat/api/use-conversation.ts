import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ConversationPage } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** The pages of a conversation read so far: the newest first, each older one after it. */
export type ConversationPages = InfiniteData<ConversationPage, string | null>;

/** GET /api/project/{id}/conversation: the newest page, or (`before`) the page older than a cursor. */
export function fetchConversationPage(projectId: string, before: string | null): Promise<ConversationPage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return api.get<ConversationPage>(`/project/${projectId}/conversation${query}`);
}

export function conversationQueryOptions(projectId: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.conversation(projectId),
    queryFn: ({ pageParam }) => fetchConversationPage(projectId, pageParam),
    initialPageParam: null as string | null,
    // "Next" is older: the pages are read from the newest back.
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The conversation of a project, a page at a time from the newest (`fetchNextPage` reads an older one). */
export function useConversation(projectId: string | null) {
  return useInfiniteQuery({
    ...conversationQueryOptions(projectId ?? ''),
    enabled: projectId !== null,
  });
}
