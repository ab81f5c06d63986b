import { useMutation } from '@tanstack/react-query';
import type { AnalyzeContentBody, AnalyzeContentResponse } from '@redacta/shared';
import { slowApi } from '@/lib/api-client';

/** PATCH /api/brand-voice/analyze-content on the 100 s client (spec §7, §9). */
export function useAnalyzeContent() {
  return useMutation({
    mutationFn: (body: AnalyzeContentBody) =>
      slowApi.patch<AnalyzeContentResponse>('/brand-voice/analyze-content', body),
  });
}
