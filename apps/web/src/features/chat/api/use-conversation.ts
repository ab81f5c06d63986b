import { useQuery } from '@tanstack/react-query';
import type { ConversationEntry } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

export interface Conversation {
  projectId: string;
  entries: ConversationEntry[];
}

/** GET /api/project/{id}/conversation: entries oldest first (spec §4 conversation load). */
export function fetchConversation(projectId: string): Promise<Conversation> {
  return api.get<Conversation>(`/project/${projectId}/conversation`);
}

export function useConversation(projectId: string | null) {
  return useQuery({
    queryKey: chatKeys.conversation(projectId ?? ''),
    queryFn: () => fetchConversation(projectId!),
    enabled: projectId !== null,
  });
}
