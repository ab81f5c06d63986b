import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '@redacta/shared';
import { api } from '@/lib/api-client';

export const workspacesKey = ['workspaces'] as const;

export function fetchWorkspaces(): Promise<Workspace[]> {
  return api.get<Workspace[]>('/workspace/list');
}

/** GET /api/workspace/list: the user's workspaces with owner, plan, seats, members and usage. */
export function useWorkspaces(enabled: boolean) {
  return useQuery({ queryKey: workspacesKey, queryFn: fetchWorkspaces, enabled, staleTime: 30_000 });
}
