import { useQuery } from '@tanstack/react-query';
import type { Project } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** GET /api/project/{id}: the open project (its name for the header). */
export function useProject(projectId: string | null) {
  return useQuery({
    queryKey: chatKeys.project(projectId ?? ''),
    queryFn: () => api.get<Project>(`/project/${projectId}`),
    enabled: projectId !== null,
  });
}
