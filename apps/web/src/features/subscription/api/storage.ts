import { useQuery } from '@tanstack/react-query';
import type { StorageUsage } from '@redacta/shared';
import { api } from '@/lib/api-client';

export const storageKey = (workspaceId: string) => ['workspace', workspaceId, 'storage'] as const;

/** GET /api/workspace/{id}/storage: what the workspace keeps against its plan's storage quota. */
export function useStorageUsage(workspaceId: string, enabled = true) {
  return useQuery({
    queryKey: storageKey(workspaceId),
    queryFn: () => api.get<StorageUsage>(`/workspace/${workspaceId}/storage`),
    enabled,
  });
}
