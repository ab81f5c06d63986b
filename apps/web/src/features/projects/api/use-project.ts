import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Project } from '@redacta/shared';
import { projectKeys } from './keys';
import { fetchProject } from './project-api';

/** One project as the server has it; the chat header and the document's exports read this entry. */
export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => fetchProject(projectId),
  });

/**
 * How long a project just read is shown as it is when a screen mounts: the chat opening right after
 * the head start (app/layout/prefetch-open-chat.ts) answered does not ask the server for it again
 * while it draws. A rename here writes the new name into the cache itself.
 */
const PROJECT_FRESH_MS = 10_000;

/** The open project, or nothing while no project id is known. */
export function useProject(projectId: string | null) {
  return useQuery({
    ...projectQueryOptions(projectId ?? ''),
    staleTime: PROJECT_FRESH_MS,
    enabled: projectId !== null,
  });
}

/**
 * A project has a new name (renamed, or named by the server from its first message): the project
 * shows it at once, and every list of its workspace (the page, the sidebar's recent list) looks again.
 */
export function showProjectName(
  queryClient: QueryClient,
  { workspaceId, projectId, name }: { workspaceId: string; projectId: string; name: string },
) {
  queryClient.setQueryData<Project>(projectKeys.detail(projectId), (project) =>
    project ? { ...project, name } : project,
  );
  return queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) });
}
