import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoDomain, SsoSettings, SsoSettingsBody } from '@redacta/shared';
import { api } from '@/lib/api-client';

export const ssoKeys = { settings: (workspaceId: string) => ['sso', workspaceId] as const };

const settingsPath = (workspaceId: string) => `/workspace/${encodeURIComponent(workspaceId)}/sso`;
const domainPath = (workspaceId: string, domain: string) =>
  `${settingsPath(workspaceId)}/domains/${encodeURIComponent(domain)}`;

/** GET /api/workspace/{id}/sso: the provider, the domains with their TXT records, enforcement. */
export function useSsoSettings(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: ssoKeys.settings(workspaceId),
    queryFn: ({ signal }) => api.get<SsoSettings>(settingsPath(workspaceId), { signal }),
    enabled,
  });
}

/** PUT /api/workspace/{id}/sso: the answer replaces the cached settings. */
export function useSaveSso(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsBody) => api.put<SsoSettings>(settingsPath(workspaceId), body),
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.settings(workspaceId), settings),
  });
}

/** A domain's new state, put in its place in the cached settings (or added at the end). */
function useDomainMutation<V>(workspaceId: string, send: (variables: V) => Promise<SsoDomain>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (domain) =>
      queryClient.setQueryData<SsoSettings>(ssoKeys.settings(workspaceId), (settings) => {
        if (!settings) return settings;
        const others = settings.domains.filter((item) => item.domain !== domain.domain);
        const known = others.length < settings.domains.length;
        return {
          ...settings,
          domains: known
            ? settings.domains.map((item) => (item.domain === domain.domain ? domain : item))
            : [...others, domain],
        };
      }),
  });
}

/** POST /api/workspace/{id}/sso/domains: the claim with the TXT record to publish. */
export function useClaimDomain(workspaceId: string) {
  return useDomainMutation(workspaceId, (domain: string) =>
    api.post<SsoDomain>(`${settingsPath(workspaceId)}/domains`, { domain }),
  );
}

/** POST /api/workspace/{id}/sso/domains/{domain}/verify: the record is looked up now. */
export function useVerifyDomain(workspaceId: string) {
  return useDomainMutation(workspaceId, (domain: string) =>
    api.post<SsoDomain>(`${domainPath(workspaceId, domain)}/verify`),
  );
}

/** DELETE /api/workspace/{id}/sso/domains/{domain}: enforcement may turn off with it, so all is read again. */
export function useReleaseDomain(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => api.delete<void>(domainPath(workspaceId, domain)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.settings(workspaceId) }),
  });
}
