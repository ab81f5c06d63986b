import type { CreateProjectResponse, Project, ProjectList, ShareProjectResponse } from '@redacta/shared';
import { api, getFirstRead } from '@/lib/api-client';

const projectPath = (projectId: string) => `/project/${encodeURIComponent(projectId)}`;

/**
 * GET /api/project/{id}: 404 when it does not exist or the user may not see it. The page's first
 * read of the project the chat opens takes the boot script's answer (getFirstRead).
 */
export function fetchProject(projectId: string, signal?: AbortSignal): Promise<Project> {
  return getFirstRead<Project>(projectPath(projectId), { signal });
}

/** GET /api/workspace/{id}/projects: the projects the user can see, most recently updated first. */
export function fetchRecentProjects(workspaceId: string, limit: number, signal?: AbortSignal) {
  return api.get<ProjectList>(
    `/workspace/${encodeURIComponent(workspaceId)}/projects?sort=updatedAt&order=desc&limit=${limit}`,
    { signal },
  );
}

/**
 * POST /api/workspace/{id}/project: the server names it "<date> Sin título". With `id`, the same
 * create sent again answers the same project instead of making a second one.
 */
export function createProject(workspaceId: string, id?: string): Promise<CreateProjectResponse> {
  return api.post<CreateProjectResponse>(
    `/workspace/${encodeURIComponent(workspaceId)}/project`,
    id ? { id } : undefined,
  );
}

/** PATCH /api/project/{id}/move-to-folder/{folderId|none}. */
export function moveProjectToFolder(projectId: string, folderId: string | null) {
  return api.patch(`${projectPath(projectId)}/move-to-folder/${encodeURIComponent(folderId ?? 'none')}`);
}

/** PATCH /api/project/rename/{id}: answers with the saved project. */
export function renameProject(projectId: string, name: string): Promise<Project> {
  return api.patch<Project>(`/project/rename/${encodeURIComponent(projectId)}`, { name });
}

/**
 * PATCH /api/project/{id}/share-to-workspace: team-visible or private as asked, so a second click or
 * a teammate's change meanwhile never turns it back; answers the new state.
 */
export function shareProjectWithWorkspace({
  projectId,
  isShared,
}: {
  projectId: string;
  isShared: boolean;
}): Promise<ShareProjectResponse> {
  return api.patch<ShareProjectResponse>(`${projectPath(projectId)}/share-to-workspace`, { isShared });
}
