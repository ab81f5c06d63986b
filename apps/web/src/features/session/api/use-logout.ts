import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { plainApi, xhrHeaders } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { clearStoredIds } from '@/lib/storage';

/**
 * Call logout, clear state and stored ids, go to /login. Logging out never fails for the user: an error
 * is only logged.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await plainApi.post('/auth/logout', undefined, { headers: xhrHeaders });
    } catch (error) {
      console.error('Logout failed', error);
    }
    sessionStore.clear();
    clearStoredIds();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
