import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { DoorOpen } from 'lucide-react';
import type { Workspace } from '@redacta/shared';
import { useSessionState } from '@/lib/session-store';
import { storage, storageKeys } from '@/lib/storage';
import { FullScreenLoader } from '@/components/ui/spinner';
import { useCheckoutReturn } from '@/features/subscription/hooks/use-checkout-return';
import { useWorkspaces, workspacesKey, workspacesQueryOptions } from './api/use-workspaces';
import { useRefreshOrLogin } from './use-refresh-or-login';
import { useAccountLocale } from './use-account-locale';
import { useReloadOnNotFound } from './use-reload-on-not-found';
import { SessionContext, type SessionContextValue } from './session-context';
import { workspaceToOpen } from './workspace-to-open';

/** 3 s after session start the workspaces reload once (docs/product.md, Session start). */
export const WORKSPACE_RELOAD_MS = 3000;

/**
 * The session-refresh wrapper (docs/product.md, Session start). Unless a `token` query is present it
 * renews the session from the refresh cookie (skipped when a sign-in just happened in this tab), then
 * loads the workspaces; on failure it clears the stored ids and goes to /login. The full-screen
 * loader covers the wait.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { user } = useSessionState();
  const skipRefresh = searchParams.has('token');
  const [ready, setReady] = useState(() => user !== null || skipRefresh);

  useRefreshOrLogin(!ready, () => {
    // Asked for as the renewal answers, not once the gate has drawn again: all /chat opens waits for
    // the list, and the draw waits for the screens' code. The gate's query below shares the request.
    void queryClient.prefetchQuery(workspacesQueryOptions);
    setReady(true);
  });

  const signedIn = ready && user !== null;

  // Registration is finished on /welcome: an account without a first name goes back there.
  const needsName = signedIn && !user.firstName?.trim();
  useEffect(() => {
    if (needsName) navigate('/welcome', { replace: true });
  }, [needsName, navigate]);

  const localeLoading = useAccountLocale(signedIn ? user : null);
  const workspacesQuery = useWorkspaces(signedIn);

  // The 3-second reload after start.
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: workspacesKey }),
      WORKSPACE_RELOAD_MS,
    );
    return () => clearTimeout(timer);
  }, [signedIn, queryClient]);

  // stripe=true: back from the Pro checkout (and, once Pro is confirmed, the dialog that says so).
  const checkoutReturn = useCheckoutReturn(signedIn && workspacesQuery.isSuccess);

  const failedToast = useRef(false);
  useEffect(() => {
    if (workspacesQuery.isError && !failedToast.current) {
      failedToast.current = true;
      toast.error(t('errors.workspacesFetch'));
    }
  }, [workspacesQuery.isError, t]);

  const [selectedId, setSelectedId] = useState<string | null>(() => storage.get(storageKeys.workspaceId));
  const workspaces = useMemo(() => workspacesQuery.data ?? [], [workspacesQuery.data]);
  const personalWorkspace = workspaces.find((item) => item.ownerId === user?.id) ?? null;
  const workspace = workspaceToOpen(workspaces, selectedId, user?.id);

  useEffect(() => {
    if (workspace && storage.get(storageKeys.workspaceId) !== workspace.id) {
      storage.set(storageKeys.workspaceId, workspace.id);
    }
  }, [workspace]);

  const pathname = location.pathname;
  const selectWorkspace = useCallback(
    (id: string) => {
      storage.set(storageKeys.workspaceId, id);
      storage.remove(storageKeys.projectId);
      setSelectedId(id);
      if (pathname.startsWith('/chat')) navigate('/chat');
      else if (pathname.startsWith('/projects')) navigate(`/projects?id=${encodeURIComponent(id)}`);
    },
    [pathname, navigate],
  );

  useReloadOnNotFound(signedIn);

  // The workspace on screen is missing from a reloaded list (removed, or left in another tab): the app
  // moves to the personal workspace and says why, instead of showing a workspace it may not open.
  const shown = useRef<Workspace | null>(null);
  useEffect(() => {
    if (!workspacesQuery.data) return;
    const before = shown.current;
    shown.current = workspace;
    // A workspace switched away from (by choice, or by leaving it here) is not a lost one.
    if (!before || before.id !== selectedId || !workspace) return;
    if (workspacesQuery.data.some((item) => item.id === before.id)) return;
    selectWorkspace(workspace.id);
    toast(t('session.workspaceLost', { workspace: before.name }), {
      icon: <DoorOpen className="size-4 shrink-0 text-primary" aria-hidden />,
    });
  }, [workspacesQuery.data, workspace, selectedId, selectWorkspace, t]);

  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      workspaces,
      workspace,
      personalWorkspace,
      workspacesLoading: workspacesQuery.isPending,
      selectWorkspace,
    }),
    [user, workspaces, workspace, personalWorkspace, workspacesQuery.isPending, selectWorkspace],
  );

  const waiting = !ready || needsName || localeLoading || (signedIn && workspacesQuery.isPending);
  // The screen behind the loader is first drawn in a transition: React yields to the browser between
  // components instead of building the whole shell in one long task (the loader stays until it is done).
  const stillWaiting = useDeferredValue(waiting, true);
  if (waiting || stillWaiting) return <FullScreenLoader label={t('common.loading')} />;
  return (
    <SessionContext.Provider value={value}>
      {children}
      {checkoutReturn}
    </SessionContext.Provider>
  );
}
