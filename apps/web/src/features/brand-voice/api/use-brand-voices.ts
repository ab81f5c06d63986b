import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandVoice, BrandVoiceSummary } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/features/session';

export const brandVoicesKey = (workspaceId: string) => ['brand-voices', workspaceId] as const;
export const brandVoiceKey = (id: string) => ['brand-voice', id] as const;

export const brandVoicesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: brandVoicesKey(workspaceId),
    queryFn: ({ signal }) =>
      api.get<BrandVoiceSummary[]>(`/brand-voice/workspace/${encodeURIComponent(workspaceId)}`, { signal }),
    staleTime: 30_000,
  });

/**
 * GET /api/brand-voice/workspace/{id}: the current workspace's voices, each with an excerpt of its
 * text (`isPending` while loading).
 */
export function useBrandVoices() {
  const { workspace } = useSession();
  const workspaceId = workspace?.id ?? '';
  const query = useQuery({ ...brandVoicesQueryOptions(workspaceId), enabled: workspaceId !== '' });
  return { ...query, workspaceId };
}

/** GET /api/brand-voice/{id}: one voice whole, text included, for its editor. */
export function useBrandVoice(id: string) {
  return useQuery({
    queryKey: brandVoiceKey(id),
    queryFn: ({ signal }) => api.get<BrandVoice>(`/brand-voice/${encodeURIComponent(id)}`, { signal }),
    // The editor starts from what the server has now, not from an earlier visit.
    staleTime: 0,
  });
}
