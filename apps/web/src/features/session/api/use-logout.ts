import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { plainApi, xhrHeaders } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { clearStoredIds } from '@/lib/storage';

/**
 * Ends the session where the user is: calls logout, clears state and stored ids. Logging out never
 * fails for the user: an error is only logged.
 */
export function useSignOut() {
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
  }, [queryClient]);
}

/** Logs out and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return useCallback(async () => {
    await signOut();
    navigate('/login', { replace: true });
  }, [navigate, signOut]);
}
