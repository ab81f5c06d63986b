import { useQuery } from '@tanstack/react-query';
import type { AuthProvidersResponse } from '@redacta/shared';
import { plainApi } from '@/lib/api-client';

/** GET /api/auth/providers: which social sign-ins the server has credentials for. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => plainApi.get<AuthProvidersResponse>('/auth/providers'),
    staleTime: Infinity,
    retry: false,
  });
}
