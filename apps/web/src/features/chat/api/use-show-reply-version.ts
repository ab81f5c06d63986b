import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShowReplyVersionResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';
import type { ShowVersionInput } from './reply-choice-inputs';
import type { ConversationPages } from './use-conversation';
import { showVersion } from '../hooks/conversation-cache';

/**
 * PATCH /api/project/{id}/conversation/shown-version: shows another version of a reply at once, and
 * saves the choice (the model's history holds the shown version); a failure puts the previous one back.
 */
export function useShowReplyVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.replyChoice,
    mutationFn: ({ projectId, versionId }: ShowVersionInput) =>
      api.patch<ShowReplyVersionResponse>(`/project/${projectId}/conversation/shown-version`, {
        entryId: versionId,
      }),
    onMutate: async ({ projectId, versionId }) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.conversation(projectId) });
      const before = queryClient.getQueryData<ConversationPages>(chatKeys.conversation(projectId));
      showVersion(queryClient, projectId, versionId);
      return { before };
    },
    onError: (_error, { projectId }, context) => {
      if (context?.before) queryClient.setQueryData(chatKeys.conversation(projectId), context.before);
    },
  });
}
