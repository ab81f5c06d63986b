import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalyzeContentBody, AnalyzeContentResponse } from '@redacta/shared';
import { slowApi } from '@/lib/api-client';
import { workspacesKey } from '@/features/session';

/**
 * PATCH /api/brand-voice/analyze-content on the 100 s client (a model call outlasts the usual 10 s
 * timeout, as Improve does). The analysis is charged
 * like a chat reply, so the workspaces (which carry the words used) reload afterwards.
 */
export function useAnalyzeContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnalyzeContentBody) =>
      slowApi.patch<AnalyzeContentResponse>('/brand-voice/analyze-content', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: workspacesKey }),
  });
}
