import { useQuery } from '@tanstack/react-query';
import { projectKeys } from './keys';
import { fetchRecentProjects } from './project-api';

export const RECENT_PROJECTS_COUNT = 5;

/** The sidebar's short list: the projects the user can see, most recently updated first. */
export function useRecentProjects(workspaceId: string | undefined) {
  return useQuery({
    queryKey: projectKeys.recent(workspaceId ?? ''),
    enabled: Boolean(workspaceId),
    queryFn: ({ signal }) => fetchRecentProjects(workspaceId!, RECENT_PROJECTS_COUNT, signal),
    select: (list) => list.items,
  });
}
