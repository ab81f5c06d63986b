import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProjectList } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { projectKeys, type ProjectScope, type ProjectSort } from './keys';

export const PROJECT_PAGE_SIZE = 30;

/**
 * How often an open list of a team's projects looks again while the page is visible, so a project a
 * teammate shares (or makes private) shows within 2 s without a reload (docs/decisions/0030).
 */
export const PROJECT_LIST_POLL_MS = 1500;

function listPath(workspaceId: string, scope: ProjectScope): string {
  // The top level lists projects in no folder: the ones in folders are one click away inside
  // their folder, and listing them here too would show each of them twice.
  return scope.kind === 'top'
    ? `/workspace/${encodeURIComponent(workspaceId)}/projects/no-folder`
    : `/folder/${encodeURIComponent(scope.folderId)}/projects`;
}

/**
 * One scope's projects, page by page with the server's cursor, in the chosen order. In a workspace
 * with a team (`withTeam`) the list polls while the page is visible; alone, nobody else changes it.
 */
export function useProjectList(
  workspaceId: string,
  scope: ProjectScope,
  sort: ProjectSort,
  { withTeam = false }: { withTeam?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey: projectKeys.list(workspaceId, scope, sort),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({
        sort: sort.sort,
        order: sort.order,
        limit: String(PROJECT_PAGE_SIZE),
      });
      if (pageParam) query.set('cursor', pageParam);
      return api.get<ProjectList>(`${listPath(workspaceId, scope)}?${query}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    // A hidden tab does not poll (TanStack's default); back in view, the next tick looks again.
    refetchInterval: withTeam ? PROJECT_LIST_POLL_MS : false,
  });
}
