import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  DocumentVersion,
  DocumentVersionDetail,
  DocumentVersionListResponse,
  RestoreDocumentVersionResponse,
} from '@redacta/shared';
import { api } from '@/lib/api-client';

export const historyKeys = {
  all: (projectId: string) => ['project', projectId, 'document-versions'] as const,
  detail: (projectId: string, versionId: string) =>
    ['project', projectId, 'document-versions', versionId] as const,
};

const versionsPath = (projectId: string) => `/project/${encodeURIComponent(projectId)}/document/versions`;

/** GET /api/project/{id}/document/versions: every version kept, newest first. */
export function useVersions(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.all(projectId),
    queryFn: ({ signal }) =>
      api.get<DocumentVersionListResponse>(versionsPath(projectId), { signal }).then((res) => res.versions),
    enabled,
  });
}

/** GET /api/project/{id}/document/versions/{versionId}: a version's content and text (they never change). */
export function useVersion(projectId: string, versionId: string | null) {
  return useQuery({
    queryKey: historyKeys.detail(projectId, versionId ?? ''),
    queryFn: ({ signal }) =>
      api.get<DocumentVersionDetail>(`${versionsPath(projectId)}/${encodeURIComponent(versionId!)}`, {
        signal,
      }),
    enabled: versionId !== null,
    staleTime: Infinity,
  });
}

const refreshList = (queryClient: QueryClient, projectId: string) =>
  queryClient.invalidateQueries({ queryKey: historyKeys.all(projectId), exact: true });

/** POST /api/project/{id}/document/versions {name?}: the document as it is now, saved. */
export function useSaveVersion(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<DocumentVersion>(versionsPath(projectId), name ? { name } : {}),
    onSuccess: () => refreshList(queryClient, projectId),
  });
}

/**
 * POST …/versions/{versionId}/restore: applied to the live document, which every open editor (this
 * one included) receives through its connection; the list gains the version saved just before.
 */
export function useRestoreVersion(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) =>
      api.post<RestoreDocumentVersionResponse>(
        `${versionsPath(projectId)}/${encodeURIComponent(versionId)}/restore`,
      ),
    onSuccess: () => refreshList(queryClient, projectId),
  });
}
