import type { ProjectList } from '@redacta/shared';
import { api } from '@/lib/api-client';

/** The workspace's most recently updated project the user can see, or null when it has none. */
export async function fetchNewestProjectId(workspaceId: string): Promise<string | null> {
  const list = await api.get<ProjectList>(
    `/workspace/${workspaceId}/projects?sort=updatedAt&order=desc&limit=1`,
  );
  return list.items[0]?.id ?? null;
}
