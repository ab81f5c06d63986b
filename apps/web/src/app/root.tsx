import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setAuthFailureHandler } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { clearStoredIds } from '@/lib/storage';

/** Top route: installs the router-aware "session is gone" handler for the API client. */
export function Root() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setAuthFailureHandler(() => {
      sessionStore.clear();
      clearStoredIds();
      queryClient.clear();
      navigate('/login', { replace: true });
    });
  }, [navigate, queryClient]);
  return <Outlet />;
}
