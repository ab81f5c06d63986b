import { useQuery } from '@tanstack/react-query';
import type { Project } from '@redacta/shared';
import { api } from '@/lib/api-client';

/** GET /api/project/{id}: the exports are named after the project. */
export function useProjectName(projectId: string): string | undefined {
  const query = useQuery({
    queryKey: ['project', projectId],
    queryFn: () => api.get<Project>(`/project/${encodeURIComponent(projectId)}`),
    staleTime: 30_000,
  });
  return query.data?.name;
}
