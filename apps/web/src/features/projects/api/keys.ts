import type { ProjectSortKey } from '@redacta/shared';

export type SortOrder = 'asc' | 'desc';
export interface ProjectSort {
  sort: ProjectSortKey;
  order: SortOrder;
}

/** Which list of projects: the top level of the workspace or one folder. */
export type ProjectScope = { kind: 'top' } | { kind: 'folder'; folderId: string };

/**
 * Every cached list of a workspace's projects and folders sits under one prefix, so a change
 * (create, rename, share, move, delete) refreshes all of them — the page, the folder counts and the
 * sidebar's recent list — with one invalidation.
 */
export const projectsKey = (workspaceId: string) => ['projects', workspaceId] as const;

export const foldersKey = (workspaceId: string) => [...projectsKey(workspaceId), 'folders'] as const;

export const projectListKey = (workspaceId: string, scope: ProjectScope, sort: ProjectSort) =>
  [
    ...projectsKey(workspaceId),
    'list',
    scope.kind === 'top' ? 'top' : scope.folderId,
    sort.sort,
    sort.order,
  ] as const;

export const recentProjectsKey = (workspaceId: string) => [...projectsKey(workspaceId), 'recent'] as const;
