import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandVoice } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/features/session';

export const brandVoicesKey = (workspaceId: string) => ['brand-voices', workspaceId] as const;

export const brandVoicesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: brandVoicesKey(workspaceId),
    queryFn: ({ signal }) =>
      api.get<BrandVoice[]>(`/brand-voice/workspace/${encodeURIComponent(workspaceId)}`, { signal }),
    staleTime: 30_000,
  });

/** GET /api/brand-voice/workspace/{id}: the current workspace's voices (`isPending` while loading). */
export function useBrandVoices() {
  const { workspace } = useSession();
  const workspaceId = workspace?.id ?? '';
  const query = useQuery({ ...brandVoicesQueryOptions(workspaceId), enabled: workspaceId !== '' });
  return { ...query, workspaceId };
}
