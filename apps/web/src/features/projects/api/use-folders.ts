import { useQuery } from '@tanstack/react-query';
import type { FolderWithCount } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** GET /api/workspace/{id}/folders: newest first, each with the projects in it the user can see. */
export function useFolders(workspaceId: string) {
  return useQuery({
    queryKey: projectKeys.folders(workspaceId),
    enabled: Boolean(workspaceId),
    queryFn: () => api.get<FolderWithCount[]>(`/workspace/${encodeURIComponent(workspaceId)}/folders`),
  });
}
