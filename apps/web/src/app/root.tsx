import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setAuthFailureHandler } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { clearStoredIds } from '@/lib/storage';
import { RouteErrorBoundary } from './route-error';

/**
 * Top route: installs the router-aware "session is gone" handler for the API client, and shows the
 * error page in place of a page that throws or whose code fails to load, until the user goes elsewhere.
 */
export function Root() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    setAuthFailureHandler(() => {
      sessionStore.clear();
      clearStoredIds();
      queryClient.clear();
      navigate('/login', { replace: true });
    });
  }, [navigate, queryClient]);
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
