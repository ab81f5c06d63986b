import type { ProjectSortKey } from '@redacta/shared';

export type SortOrder = 'asc' | 'desc';
export interface ProjectSort {
  sort: ProjectSortKey;
  order: SortOrder;
}

/** Which list of projects: the top level of the workspace or one folder. */
export type ProjectScope = { kind: 'top' } | { kind: 'folder'; folderId: string };

/**
 * The query keys of project server state, the only place they are written. Every cached list of a
 * workspace's projects and folders sits under `all`, so a change (create, rename, share, move,
 * delete) refreshes all of them — the page, the folder counts and the sidebar's recent list — with
 * one invalidation. One project (the chat header, the document's export name) is `detail`, a single
 * entry whoever reads it.
 */
export const projectKeys = {
  all: (workspaceId: string) => ['projects', workspaceId] as const,
  folders: (workspaceId: string) => [...projectKeys.all(workspaceId), 'folders'] as const,
  list: (workspaceId: string, scope: ProjectScope, sort: ProjectSort) =>
    [
      ...projectKeys.all(workspaceId),
      'list',
      scope.kind === 'top' ? 'top' : scope.folderId,
      sort.sort,
      sort.order,
    ] as const,
  recent: (workspaceId: string) => [...projectKeys.all(workspaceId), 'recent'] as const,
  /** The user's own private projects, offered for sharing after the workspace's first invitation. */
  privateOfMine: (workspaceId: string) => [...projectKeys.all(workspaceId), 'private-of-mine'] as const,
  detail: (projectId: string) => ['project', projectId] as const,
};
