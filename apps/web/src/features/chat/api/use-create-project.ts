import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/workspace/{id}/project (no name: the server names it "<date> Sin título"). */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: string) => api.post<{ id: string }>(`/workspace/${workspaceId}/project`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
