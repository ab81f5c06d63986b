import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditedReply } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { editReply, replyFieldsBefore, savingEdits } from '../hooks/conversation-cache';
import { chatKeys } from './chat-keys';
import type { EditReplyInput } from './reply-choice-inputs';

/**
 * PATCH /api/project/{id}/conversation/entry/{entryId}: a reply's style fixes ("Corregir", "Corregir
 * todo") and ignored findings ("Ignorar") show at once and are saved for everyone; a failure puts the
 * reply back as it was. One edit is sent at a time, in the order they were made: each one carries the
 * whole text, so a later fix must never be overwritten by an earlier one arriving last.
 */
export function useEditReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.replyChoice,
    scope: { id: 'reply-edits' },
    mutationFn: ({ projectId, entryId, edit }: EditReplyInput) =>
      api.patch<EditedReply>(`/project/${projectId}/conversation/entry/${entryId}`, edit),
    onMutate: async ({ projectId, entryId, edit }) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.conversation(projectId) });
      const before = replyFieldsBefore(queryClient, projectId, entryId, edit);
      editReply(queryClient, projectId, entryId, edit);
      return { before };
    },
    onSuccess: ({ content, ignoredFindings }, input) => {
      const { projectId, entryId } = input;
      // A later edit of the reply is already shown; its own answer comes after this one.
      if (savingEdits(queryClient, projectId, entryId, input)) return;
      editReply(queryClient, projectId, entryId, { content, ignoredFindings });
    },
    onError: (_error, { projectId, entryId }, context) => {
      if (context?.before) editReply(queryClient, projectId, entryId, context.before);
    },
  });
}
