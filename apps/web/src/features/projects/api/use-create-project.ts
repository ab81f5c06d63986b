import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from './keys';
import { createProject, moveProjectToFolder } from './project-api';

/**
 * A new project under the id the caller chose, so a repeat answers the same project (the server names
 * it "<date> Sin título"). Created from inside a folder, it is then
 * moved there, so it appears where the user asked for it.
 */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id: chosenId,
      workspaceId,
      folderId,
    }: {
      id: string;
      workspaceId: string;
      folderId?: string | null;
    }) => {
      const { id } = await createProject(workspaceId, chosenId);
      if (!folderId) return { id, movedToFolder: true };
      // The project exists either way: a failed move leaves it at the top level, not lost.
      const movedToFolder = await moveProjectToFolder(id, folderId).then(
        () => true,
        () => false,
      );
      return { id, movedToFolder };
    },
    onSettled: (_data, _error, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) }),
  });
}
