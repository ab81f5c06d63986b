import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedScimToken, ScimSettings } from '@redacta/shared';
import { api } from '@/lib/api-client';

export const scimSettingsKey = (workspaceId: string) => ['scim-settings', workspaceId] as const;

const settingsPath = (workspaceId: string) => `/workspace/${encodeURIComponent(workspaceId)}/scim`;

/** GET /api/workspace/{id}/scim: the base URL, whether the plan has SCIM, the token (the owner only asks). */
export function useScimSettings(workspaceId: string) {
  return useQuery({
    queryKey: scimSettingsKey(workspaceId),
    queryFn: ({ signal }) => api.get<ScimSettings>(settingsPath(workspaceId), { signal }),
  });
}

/** POST /api/workspace/{id}/scim/token: a new token (the one before stops), answered whole this once. */
export function useCreateScimToken(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CreatedScimToken>(`${settingsPath(workspaceId)}/token`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimSettingsKey(workspaceId) }),
  });
}

/** DELETE /api/workspace/{id}/scim/token: the identity provider is refused from its next request. */
export function useRevokeScimToken(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`${settingsPath(workspaceId)}/token`),
    onSuccess: () => {
      queryClient.setQueryData<ScimSettings>(scimSettingsKey(workspaceId), (settings) =>
        settings ? { ...settings, token: null } : settings,
      );
    },
  });
}

/** PUT /api/workspace/{id}/scim/admin-groups: the group names whose members are admins; roles follow at once. */
export function useSaveScimAdminGroups(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adminGroups: string[]) =>
      api.put<ScimSettings>(`${settingsPath(workspaceId)}/admin-groups`, { adminGroups }),
    onSuccess: (settings) => queryClient.setQueryData(scimSettingsKey(workspaceId), settings),
  });
}
