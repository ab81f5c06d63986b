import { useQuery } from '@tanstack/react-query';
import type { WorkspaceUsage } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** GET /api/workspace/{id}/usage: words used this month and what remains (null when unlimited). */
export function useUsage(workspaceId: string | null, initialData?: WorkspaceUsage) {
  return useQuery({
    queryKey: chatKeys.usage(workspaceId ?? ''),
    queryFn: () => api.get<WorkspaceUsage>(`/workspace/${workspaceId}/usage`),
    enabled: workspaceId !== null,
    initialData,
    // The workspace list's figure is only a first guess: ask the server once on open.
    initialDataUpdatedAt: 0,
  });
}
