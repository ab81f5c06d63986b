import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProjectList } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { projectKeys, type ProjectScope, type ProjectSort } from './keys';

export const PROJECT_PAGE_SIZE = 30;

function listPath(workspaceId: string, scope: ProjectScope): string {
  // The top level lists projects in no folder: the ones in folders are one click away inside
  // their folder, and listing them here too would show each of them twice.
  return scope.kind === 'top'
    ? `/workspace/${encodeURIComponent(workspaceId)}/projects/no-folder`
    : `/folder/${encodeURIComponent(scope.folderId)}/projects`;
}

/** One scope's projects, page by page with the server's cursor, in the chosen order. */
export function useProjectList(workspaceId: string, scope: ProjectScope, sort: ProjectSort) {
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
  });
}
