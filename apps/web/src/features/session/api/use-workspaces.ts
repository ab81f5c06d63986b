import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Workspace } from '@redacta/shared';
import { getWorkspaceList } from '@/lib/api-client';

export const workspacesKey = ['workspaces'] as const;

/** While the app is open the list reloads this often, so a removal seen nowhere else still shows. */
export const WORKSPACE_POLL_MS = 60_000;

export function fetchWorkspaces(): Promise<Workspace[]> {
  return getWorkspaceList<Workspace[]>();
}

/** The list as the session asks for it; the chat's head start waits for the same request. */
export const workspacesQueryOptions = queryOptions({ queryKey: workspacesKey, queryFn: fetchWorkspaces });

/**
 * GET /api/workspace/list: the user's workspaces with owner, plan, seats, members and usage. It
 * reloads when the window gets the focus back and every minute, to notice a workspace the user was
 * removed from (or left in another tab).
 */
export function useWorkspaces(enabled: boolean) {
  return useQuery({
    ...workspacesQueryOptions,
    enabled,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchInterval: WORKSPACE_POLL_MS,
  });
}
