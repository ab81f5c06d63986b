import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { workspacesKey } from './api/use-workspaces';

/**
 * A 404 from any load or change may mean the current workspace is gone (the user was removed from it
 * or left it in another tab: membership is checked on every request). The workspace list reloads,
 * and the session gate moves on if the workspace is no longer in it.
 */
export function useReloadOnNotFound(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const reloadOn = (error: unknown) => {
      if (!isApiError(error) || error.status !== 404) return;
      if (queryClient.isFetching({ queryKey: workspacesKey }) > 0) return;
      void queryClient.invalidateQueries({ queryKey: workspacesKey });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') reloadOn(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') reloadOn(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [enabled, queryClient]);
}
