import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@redacta/shared';
import { projectKeys } from './keys';
import { renameProject, shareProjectWithWorkspace } from './project-api';

/**
 * PATCH /api/project/rename/{id}, from the projects page or the chat header alike. The saved project
 * replaces the cached one, and the workspace's lists are fetched again before the mutation settles,
 * so a name shown while saving is never followed by the old one.
 */
export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; workspaceId: string; name: string }) => renameProject(id, name),
    onSuccess: (project) => queryClient.setQueryData(projectKeys.detail(project.id), project),
    onSettled: (_project, _error, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) }),
  });
}

/**
 * PATCH /api/project/{id}/share-to-workspace: team-visible or private as chosen, from the "⋯" menu and
 * the project screen's control alike. The open project (the chat header) takes the answer at once;
 * the workspace's lists look again.
 */
export function useShareProject(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareProjectWithWorkspace,
    onSuccess: ({ id, isShared }) => {
      queryClient.setQueryData<Project>(projectKeys.detail(id), (project) =>
        project ? { ...project, isShared } : project,
      );
      return queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) });
    },
  });
}
