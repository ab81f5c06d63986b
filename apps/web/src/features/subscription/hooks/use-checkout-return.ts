import { createElement, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { Workspace } from '@redacta/shared';
import { storage, storageKeys } from '@/lib/storage';
import { useSessionState } from '@/lib/session-store';
import { workspacesKey } from '@/features/session/api/use-workspaces';

/**
 * Loaded only when it is shown: the session gate, which every first screen (/login included) loads,
 * calls this hook, and the dialog brings the dialog primitives (Radix, ~36 KB gzip) with it: they stay
 * out of the JavaScript before the first screen (docs/benchmarks.md).
 */
const ProWelcomeDialog = lazy(() =>
  import('../components/pro-welcome-dialog').then((module) => ({ default: module.ProWelcomeDialog })),
);

/** How often the workspace list is asked again while the payment is being confirmed. */
export const CHECKOUT_POLL_MS = 2000;
/** After this long without the server saying Pro, the wait ends and the user is told. */
export const CHECKOUT_CONFIRM_TIMEOUT_MS = 30_000;

const showAsPro = (list: Workspace[] | undefined, workspaceId: string) =>
  list?.map((workspace) => (workspace.id === workspaceId ? { ...workspace, isPro: true } : workspace));

/**
 * The return from the Pro checkout (`stripe=true` in the address, docs/product.md "Session start"):
 * the current workspace shows as Pro at once, and the workspace list is asked again every 2 s until
 * the server says Pro — the payment provider's notice may arrive after the browser does. Until then
 * every list the server answers keeps the workspace shown as Pro; after 30 s the list shows what the
 * server says and a message explains that the confirmation has not arrived yet. Once the server says
 * Pro (at once, or after the wait) a dialog says "Ya tienes el Plan Pro" and what changed.
 *
 * Call it once, inside the session, with `ready` true once the workspace list has loaded; render what
 * it answers (the confirmation dialog, or nothing).
 */
export function useCheckoutReturn(ready: boolean): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const returning = searchParams.get('stripe') === 'true';
  const { user } = useSessionState();
  const userId = user?.id;
  const [awaitingId, setAwaitingId] = useState<string | null>(null);
  const [welcome, setWelcome] = useState<Workspace | null>(null);
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    if (!ready || !returning) return;
    const list = queryClient.getQueryData<Workspace[]>(workspacesKey) ?? [];
    const storedId = storage.get(storageKeys.workspaceId);
    // The workspace on screen: the stored one, else the user's own (as the session picks it).
    const workspace =
      list.find((item) => item.id === storedId) ?? list.find((item) => item.ownerId === userId) ?? list[0];
    const next = new URLSearchParams(searchParams);
    next.delete('stripe');
    setSearchParams(next, { replace: true });
    if (!workspace) return;
    if (workspace.isPro) return setWelcome(workspace);
    queryClient.setQueryData<Workspace[]>(workspacesKey, (current) => showAsPro(current, workspace.id));
    setAwaitingId(workspace.id);
  }, [ready, returning, searchParams, setSearchParams, queryClient, userId]);

  useEffect(() => {
    if (!awaitingId) return;
    const confirmed = (list: Workspace[] | undefined) =>
      list?.find((workspace) => workspace.id === awaitingId)?.isPro === true;
    // A list fetched from the server (not one written here) that does not say Pro yet is shown as
    // Pro until the wait ends; one that says Pro ends the wait.
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      if (event.query.queryHash !== JSON.stringify(workspacesKey)) return;
      const list = event.query.state.data as Workspace[] | undefined;
      if (confirmed(list)) {
        setAwaitingId(null);
        setWelcome(list!.find((workspace) => workspace.id === awaitingId)!);
      } else queryClient.setQueryData<Workspace[]>(workspacesKey, showAsPro(list, awaitingId));
    });
    const poll = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: workspacesKey }),
      CHECKOUT_POLL_MS,
    );
    const giveUp = setTimeout(() => {
      unsubscribe();
      clearInterval(poll);
      setAwaitingId(null);
      void queryClient.invalidateQueries({ queryKey: workspacesKey });
      toast.error(tRef.current('subscription.checkoutReturn.notConfirmed'));
    }, CHECKOUT_CONFIRM_TIMEOUT_MS);
    void queryClient.invalidateQueries({ queryKey: workspacesKey });
    return () => {
      unsubscribe();
      clearInterval(poll);
      clearTimeout(giveUp);
    };
  }, [awaitingId, queryClient]);

  return welcome
    ? createElement(
        Suspense,
        { fallback: null },
        createElement(ProWelcomeDialog, { workspace: welcome, onClose: () => setWelcome(null) }),
      )
    : null;
}
