import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountDeletionPlan,
  DeleteAccountBody,
  LatestWorkspaceExport,
  WorkspaceExport,
} from '@redacta/shared';
import { api } from '@/lib/api-client';

export const deletionPlanKey = ['user', 'deletion-plan'] as const;

/** GET /api/user/export: the person's data as a JSON file, read whole, with the name the server gave it. */
export async function fetchMyData(): Promise<{ blob: Blob; fileName: string }> {
  const response = await api.getStream('/user/export', { timeoutMs: 60_000 });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'redacta-data.json';
  return { blob: await response.blob(), fileName };
}

/** GET /api/user/deletion: the owned workspaces, each with the members who could take it over. */
export function useDeletionPlan(enabled: boolean) {
  return useQuery({
    queryKey: deletionPlanKey,
    queryFn: ({ signal }) => api.get<AccountDeletionPlan>('/user/deletion', { signal }),
    enabled,
    // What it lists changes as members join and leave: asked afresh each time the dialog opens.
    staleTime: 0,
  });
}

/** POST /api/user/deletion-code: mails the code that confirms the deletion. */
export function useRequestDeletionCode() {
  return useMutation({ mutationFn: () => api.post<undefined>('/user/deletion-code') });
}

/** DELETE /api/user: the account goes, with the decisions for the owned workspaces. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api.delete<undefined>('/user', { body }),
  });
}

/** DELETE /api/workspace/{id}, its name typed as confirmation (owner only). */
export function useDeleteWorkspace() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.delete<undefined>(`/workspace/${encodeURIComponent(id)}`, { body: { name } }),
  });
}

const exportKey = (workspaceId: string) => ['workspace', workspaceId, 'export'] as const;
/** How often the page asks how an export in progress is going. */
const EXPORT_POLL_MS = 1_500;

/** GET /api/workspace/{id}/export: the newest export, asked again while one is being built. */
export function useLatestExport(workspaceId: string) {
  return useQuery({
    queryKey: exportKey(workspaceId),
    queryFn: ({ signal }) =>
      api.get<LatestWorkspaceExport>(`/workspace/${encodeURIComponent(workspaceId)}/export`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'queued' || status === 'running' ? EXPORT_POLL_MS : false;
    },
  });
}

/** GET /api/workspace/{id}/export/{exportId}: one export, asked again while it is being built. */
export function useExport(workspaceId: string, exportId: string) {
  return useQuery({
    queryKey: [...exportKey(workspaceId), exportId] as const,
    queryFn: ({ signal }) =>
      api.get<WorkspaceExport>(
        `/workspace/${encodeURIComponent(workspaceId)}/export/${encodeURIComponent(exportId)}`,
        { signal },
      ),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? EXPORT_POLL_MS : false;
    },
    // A 404 (expired, or not this person's) or a 403 is the answer; asking again changes nothing.
    retry: false,
  });
}

/** POST /api/workspace/{id}/export: starts one (or answers the one under way). */
export function useStartExport(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WorkspaceExport>(`/workspace/${encodeURIComponent(workspaceId)}/export`),
    onSuccess: (started) => queryClient.setQueryData(exportKey(workspaceId), { export: started }),
  });
}

/** GET /api/workspace/{id}/export/{exportId}/download: the zip, read whole, with its name. */
export async function fetchExportZip(workspaceId: string, exportId: string) {
  const response = await api.getStream(
    `/workspace/${encodeURIComponent(workspaceId)}/export/${encodeURIComponent(exportId)}/download`,
    { timeoutMs: 300_000 },
  );
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  return {
    blob: await response.blob(),
    fileName: encoded ? decodeURIComponent(encoded) : 'redacta-export.zip',
  };
}
