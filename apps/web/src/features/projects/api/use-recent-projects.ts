import { useQuery } from '@tanstack/react-query';
import type { ProjectList } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { recentProjectsKey } from './keys';

export const RECENT_PROJECTS_COUNT = 5;

/** The sidebar's short list: the projects the user can see, most recently updated first. */
export function useRecentProjects(workspaceId: string | undefined) {
  return useQuery({
    queryKey: recentProjectsKey(workspaceId ?? ''),
    enabled: Boolean(workspaceId),
    queryFn: ({ signal }) =>
      api.get<ProjectList>(
        `/workspace/${encodeURIComponent(workspaceId!)}/projects?sort=updatedAt&order=desc&limit=${RECENT_PROJECTS_COUNT}`,
        { signal },
      ),
    select: (list) => list.items,
  });
}
