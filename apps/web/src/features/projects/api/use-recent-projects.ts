import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from './keys';
import { fetchRecentProjects } from './project-api';

export const RECENT_PROJECTS_COUNT = 5;

/** The sidebar's short list, whose first project is also the one /chat opens when none is chosen. */
export const recentProjectsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: projectKeys.recent(workspaceId),
    queryFn: ({ signal }) => fetchRecentProjects(workspaceId, RECENT_PROJECTS_COUNT, signal),
  });

/** The sidebar's short list: the projects the user can see, most recently updated first. */
export function useRecentProjects(workspaceId: string | undefined) {
  return useQuery({
    ...recentProjectsQueryOptions(workspaceId ?? ''),
    enabled: Boolean(workspaceId),
    select: (list) => list.items,
  });
}
