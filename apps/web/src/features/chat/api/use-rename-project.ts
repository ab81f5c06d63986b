import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** PATCH /api/project/rename/{id}; the header shows the saved name at once. */
export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch<Project>(`/project/rename/${id}`, { name }),
    onSuccess: (project) => {
      queryClient.setQueryData(chatKeys.project(project.id), project);
      // Project lists elsewhere (sidebar, /projects) show the new name on their next look.
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
