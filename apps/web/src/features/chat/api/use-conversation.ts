import { useQuery } from '@tanstack/react-query';
import type { ConversationResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** GET /api/project/{id}/conversation: entries oldest first. */
export function fetchConversation(projectId: string): Promise<ConversationResponse> {
  return api.get<ConversationResponse>(`/project/${projectId}/conversation`);
}

export function useConversation(projectId: string | null) {
  return useQuery({
    queryKey: chatKeys.conversation(projectId ?? ''),
    queryFn: () => fetchConversation(projectId!),
    enabled: projectId !== null,
  });
}
