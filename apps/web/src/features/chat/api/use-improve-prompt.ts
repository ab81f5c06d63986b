import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slowApi } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

interface ImprovedPrompt {
  text: string;
  wordsCharged: number;
  remaining: number | null;
}

/** POST /api/chat/improve on the 100 s client: the draft rewritten as a clearer request. */
export function useImprovePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, text }: { workspaceId: string; text: string }) =>
      slowApi.post<ImprovedPrompt>('/chat/improve', { workspaceId, text }),
    onSuccess: (_result, { workspaceId }) =>
      void queryClient.invalidateQueries({ queryKey: chatKeys.usage(workspaceId) }),
  });
}
