import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactionResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { setReaction } from '../hooks/conversation-cache';
import { chatKeys } from './chat-keys';
import type { ReactionInput } from './reply-choice-inputs';

/** PATCH /api/workspace/{id}/add-reaction/{entryId}: 👍/👎 on a reply (any version of it); null clears it. */
export function useReactToReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.replyChoice,
    mutationFn: ({ workspaceId, entryId, value }: ReactionInput) =>
      api.patch<ReactionResponse>(`/workspace/${workspaceId}/add-reaction/${entryId}`, { value }),
    onSuccess: ({ entryId, value }, { projectId }) => setReaction(queryClient, projectId, entryId, value),
  });
}
