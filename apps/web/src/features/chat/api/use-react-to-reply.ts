import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactionValue } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';
import type { Conversation } from './use-conversation';

interface ReactionInput {
  workspaceId: string;
  projectId: string;
  entryId: string;
  value: ReactionValue | null;
}

/** PATCH /api/workspace/{id}/add-reaction/{entryId}: 👍/👎 on a reply; null clears it. */
export function useReactToReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, entryId, value }: ReactionInput) =>
      api.patch<{ entryId: string; value: ReactionValue | null }>(
        `/workspace/${workspaceId}/add-reaction/${entryId}`,
        { value },
      ),
    onSuccess: ({ entryId, value }, { projectId }) => {
      queryClient.setQueryData<Conversation>(chatKeys.conversation(projectId), (conversation) =>
        conversation
          ? {
              ...conversation,
              entries: conversation.entries.map((entry) =>
                entry.id === entryId ? { ...entry, reaction: value } : entry,
              ),
            }
          : conversation,
      );
    },
  });
}
