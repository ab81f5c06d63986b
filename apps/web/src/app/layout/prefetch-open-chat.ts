import type { QueryClient } from '@tanstack/react-query';
import { conversationQueryOptions } from '@/features/chat';
import { projectQueryOptions } from '@/features/projects';
import { storage, storageKeys } from '@/lib/storage';

/**
 * The project /chat is about to open, known before the workspace list: `?project=` in the address
 * (`search`), else the project stored on this device, the one it tries first.
 */
export function projectAboutToOpen(search: string): string | null {
  return new URLSearchParams(search).get('project') ?? storage.get(storageKeys.projectId);
}

/**
 * Asks for the project and the newest page of its conversation as soon as the session is back,
 * beside the workspace list, instead of once the list has arrived and the chat screen has mounted:
 * the chat screen reads both from the query cache. A project the user may not open answers 404
 * here as it would there.
 */
export function prefetchOpenChat(queryClient: QueryClient, projectId: string): void {
  void queryClient.prefetchQuery(projectQueryOptions(projectId));
  void queryClient.prefetchInfiniteQuery(conversationQueryOptions(projectId));
}
