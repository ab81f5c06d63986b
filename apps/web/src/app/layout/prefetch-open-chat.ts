import type { QueryClient } from '@tanstack/react-query';
// Modules, not the features' indexes: this file is a small chunk of its own, fetched with the session.
import { brandVoicesQueryOptions } from '@/features/brand-voice/api/use-brand-voices';
import { conversationQueryOptions } from '@/features/chat/api/use-conversation';
import { premiumStatusQueryOptions } from '@/features/chat/api/use-premium-status';
import { usageQueryOptions } from '@/lib/use-usage';
import { projectQueryOptions } from '@/features/projects/api/use-project';
import { workspacesQueryOptions, workspaceToOpen } from '@/features/session';
import { sessionStore } from '@/lib/session-store';
import { storage, storageKeys } from '@/lib/storage';

/**
 * The project /chat is about to open, known before the workspace list: `?project=` in the address
 * (`search`), else the project stored on this device, the one it tries first.
 */
function projectAboutToOpen(search: string): string | null {
  return new URLSearchParams(search).get('project') ?? storage.get(storageKeys.projectId);
}

/**
 * Asks for the project and the newest page of its conversation: the chat screen reads both from the
 * query cache. A project the user may not open answers 404 here as it would there. `returning`: a
 * project this device or address named (see conversationQueryOptions).
 */
function prefetchOpenChat(queryClient: QueryClient, projectId: string, returning: boolean): void {
  void queryClient.prefetchQuery(projectQueryOptions(projectId));
  void queryClient.prefetchInfiniteQuery(conversationQueryOptions(projectId, returning));
}

/**
 * Once the session is back, what /chat is about to show is asked for without waiting for the chat
 * screen's code to arrive and mount: the project in the address or stored on this device and its
 * newest entries, beside the workspace list; once the list is in (the session's own request, shared),
 * which model answers in the workspace the app opens (the demo notice above the conversation is then
 * drawn with it, moving nothing), the composer's brand voices and words left, and with no project
 * known on this device, the workspace's newest project (the list names it) and its conversation.
 */
export async function prefetchChatStart(queryClient: QueryClient, search: string): Promise<void> {
  const projectId = projectAboutToOpen(search);
  if (projectId) prefetchOpenChat(queryClient, projectId, true);
  const workspaces = await queryClient.ensureQueryData(workspacesQueryOptions);
  const workspace = workspaceToOpen(
    workspaces,
    storage.get(storageKeys.workspaceId),
    sessionStore.get().user?.id,
  );
  if (!workspace) return;
  void queryClient.prefetchQuery(premiumStatusQueryOptions(workspace.id));
  void queryClient.prefetchQuery(brandVoicesQueryOptions(workspace.id));
  void queryClient.prefetchQuery(usageQueryOptions(workspace.id));
  if (projectId) return;
  if (workspace.newestProjectId) prefetchOpenChat(queryClient, workspace.newestProjectId, false);
}
