import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@redacta/shared';
import { api } from '@/lib/api-client';

export const apiKeysKey = (workspaceId: string) => ['api-keys', workspaceId] as const;

const listPath = (workspaceId: string) => `/workspace/${encodeURIComponent(workspaceId)}/api-keys`;

/** GET /api/workspace/{id}/api-keys: the keys not revoked, newest first (the owner only asks). */
export function useApiKeys(workspaceId: string) {
  return useQuery({
    queryKey: apiKeysKey(workspaceId),
    queryFn: ({ signal }) => api.get<ApiKey[]>(listPath(workspaceId), { signal }),
  });
}

/** POST /api/workspace/{id}/api-keys: the answer holds the whole key, which is never sent again. */
export function useCreateApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>(listPath(workspaceId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(workspaceId) }),
  });
}

/** DELETE /api/api-key/{id}: the key leaves the cached list at once; its next request is refused. */
export function useRevokeApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api-key/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysKey(workspaceId), (keys) =>
        keys?.filter((key) => key.id !== id),
      );
    },
  });
}
