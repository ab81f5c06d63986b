import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BrandVoice,
  BrandVoiceSummary,
  CreateBrandVoiceBody,
  UpdateBrandVoiceBody,
} from '@redacta/shared';
import { api } from '@/lib/api-client';
import { brandVoiceKey, brandVoicesKey } from './use-brand-voices';

/** Only one voice is the default: a voice saved as default clears the flag on all the others. */
export function applyVoiceChange(
  list: BrandVoiceSummary[] | undefined,
  id: string,
  change: Partial<Pick<BrandVoiceSummary, 'name' | 'isDefault'>>,
): BrandVoiceSummary[] | undefined {
  return list?.map((voice) => {
    if (voice.id === id) {
      return { ...voice, name: change.name ?? voice.name, isDefault: change.isDefault ?? voice.isDefault };
    }
    return change.isDefault && voice.isDefault ? { ...voice, isDefault: false } : voice;
  });
}

/**
 * POST /api/brand-voice/workspace/{id} → `{ id, … }`. The cache then reloads, because the new
 * voice's added-by and (when it is the default) the others' flags come from the server.
 */
export function useCreateBrandVoice(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBrandVoiceBody) =>
      api.post<BrandVoice>(`/brand-voice/workspace/${encodeURIComponent(workspaceId)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandVoicesKey(workspaceId) }),
  });
}

/**
 * PATCH /api/brand-voice/{id}: rename, edit or make default. The voice's own entry takes the answer
 * (the whole voice); the cached list follows at once and reloads for the new excerpt.
 */
export function useUpdateBrandVoice(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateBrandVoiceBody & { id: string }) =>
      api.patch<BrandVoice>(`/brand-voice/${encodeURIComponent(id)}`, body),
    onSuccess: (updated, { id, name, isDefault }) => {
      queryClient.setQueryData<BrandVoice>(brandVoiceKey(id), updated);
      queryClient.setQueryData<BrandVoiceSummary[]>(brandVoicesKey(workspaceId), (list) =>
        applyVoiceChange(list, id, { name, isDefault }),
      );
      return queryClient.invalidateQueries({ queryKey: brandVoicesKey(workspaceId) });
    },
  });
}

/** DELETE /api/brand-voice/{id}: the voice leaves the cached list and its own entry is dropped. */
export function useDeleteBrandVoice(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/brand-voice/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: brandVoiceKey(id) });
      queryClient.setQueryData<BrandVoiceSummary[]>(brandVoicesKey(workspaceId), (list) =>
        list?.filter((voice) => voice.id !== id),
      );
    },
  });
}
