import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BrandVoice, CreateBrandVoiceBody, UpdateBrandVoiceBody } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { brandVoicesKey } from './use-brand-voices';

/** Only one voice is the default: a voice saved as default clears the flag on all the others. */
export function applyVoiceChange(
  list: BrandVoice[] | undefined,
  id: string,
  change: Partial<Pick<BrandVoice, 'name' | 'voice' | 'isDefault'>>,
): BrandVoice[] | undefined {
  return list?.map((voice) => {
    if (voice.id === id) return { ...voice, ...change };
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

/** PATCH /api/brand-voice/{id}: rename, edit or make default; the cached list follows at once. */
export function useUpdateBrandVoice(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateBrandVoiceBody & { id: string }) =>
      api.patch<unknown>(`/brand-voice/${encodeURIComponent(id)}`, body),
    onSuccess: (_result, { id, ...body }) => {
      queryClient.setQueryData<BrandVoice[]>(brandVoicesKey(workspaceId), (list) =>
        applyVoiceChange(list, id, body),
      );
      return queryClient.invalidateQueries({ queryKey: brandVoicesKey(workspaceId) });
    },
  });
}

/** DELETE /api/brand-voice/{id}: the voice leaves the cached list. */
export function useDeleteBrandVoice(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/brand-voice/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<BrandVoice[]>(brandVoicesKey(workspaceId), (list) =>
        list?.filter((voice) => voice.id !== id),
      );
    },
  });
}
