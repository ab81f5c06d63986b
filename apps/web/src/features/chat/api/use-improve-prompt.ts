import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { ImprovePromptResponse } from '@redacta/shared';
import { slowApi } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

interface ImproveInput {
  workspaceId: string;
  text: string;
}

const improveKey = ['chat', 'improve'] as const;

/** POST /api/chat/improve on the 100 s client: the draft rewritten as a clearer request. */
export function useImprovePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: improveKey,
    mutationFn: ({ workspaceId, text }: ImproveInput) =>
      slowApi.post<ImprovePromptResponse>('/chat/improve', { workspaceId, text }),
    onSuccess: (_result, { workspaceId }) =>
      void queryClient.invalidateQueries({ queryKey: chatKeys.usage(workspaceId) }),
  });
}

/** A draft Improve rewrote: what the user had written, and what replaced it. */
export interface Improvement {
  original: string;
  improved: string;
}

/** The last draft Improve rewrote successfully, so the composer can offer the original back. */
export function useLastImprovement(): Improvement | null {
  const improvements = useMutationState({
    filters: { mutationKey: improveKey, status: 'success' },
    select: (mutation) => ({
      original: (mutation.state.variables as ImproveInput).text,
      improved: (mutation.state.data as ImprovePromptResponse).text,
    }),
  });
  return improvements.at(-1) ?? null;
}
