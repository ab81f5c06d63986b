import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { SessionGate } from '@/features/session';
import { useSessionState } from '@/lib/session-store';
import { FullScreenLoader } from '@/components/ui/spinner';
import { Root } from './root';
import { RouteError } from './route-error';
import { PageFallback } from './page-fallback';

/** The shell is its own chunk, so /login never downloads it. */
const loadAppLayout = () => import('./layout/app-layout');
const AppLayout = lazy(() => loadAppLayout().then((module) => ({ default: module.AppLayout })));

/** Signed-in pages by path: the router renders them lazily; GatedLayout warms them early. */
const gatedPages = {
  '/chat': () => import('@/features/chat/pages/chat-page'),
  '/projects': () => import('@/features/projects/pages/projects-page'),
  '/brand-voice': () => import('@/features/brand-voice/pages/brand-voice-page'),
  '/brand-voice/new': () => import('@/features/brand-voice/pages/new-brand-voice-page'),
  '/brand-voice/:id': () => import('@/features/brand-voice/pages/edit-brand-voice-page'),
  '/profile': () => import('@/features/profile/pages/profile-page'),
  '/workspace-settings': () => import('@/features/workspaces/pages/workspace-settings-page'),
  '/subscription': () => import('@/features/subscription/pages/subscription-page'),
  '/subscription/sandbox-checkout': () => import('@/features/subscription/pages/sandbox-checkout-page'),
  '/labs': () => import('@/features/labs/pages/labs-page'),
} as const;
type GatedPath = keyof typeof gatedPages;

const opensChat = (pathname: string) => pathname === '/chat' || pathname === '/';

/** Pages load on demand so the first chunk carries the shell only. */
function page(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}

const invitePage = page(() => import('@/features/auth/pages/invite-existing-page'));

/**
 * Everything else sits behind the session wrapper, except any path containing /invite/existing
 * (it renders bare, like /login), which React Router cannot express as one pattern.
 */
function GatedLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const signedIn = useSessionState().user !== null;
  const invite = pathname.includes('/invite/existing');
  // Fetch the shell and the page while the session refresh is still in flight (no waterfall).
  useEffect(() => {
    if (invite) return;
    void loadAppLayout();
    void gatedPages[(pathname === '/' ? '/chat' : pathname) as GatedPath]?.();
  }, [invite, pathname]);
  // Once the session is back, the project the chat opens and its newest entries are asked for beside
  // the workspace list, not after it (once per session start; later visits go as usual).
  const prefetched = useRef(false);
  useEffect(() => {
    if (invite || !signedIn || prefetched.current) return;
    prefetched.current = true;
    if (!opensChat(pathname)) return;
    // The shell's chunk carries the prefetch: it is on its way already, and has the chat's query code.
    void loadAppLayout().then(({ prefetchOpenChat, projectAboutToOpen }) => {
      const projectId = projectAboutToOpen(search);
      if (projectId) prefetchOpenChat(queryClient, projectId);
    });
  }, [invite, signedIn, pathname, search, queryClient]);
  if (invite) return invitePage;
  return (
    <SessionGate>
      <Suspense fallback={<FullScreenLoader label={t('common.loading')} />}>
        <AppLayout />
      </Suspense>
    </SessionGate>
  );
}

export const routes = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      // Sign-in, its callbacks and the legal pages render without the layout and without the
      // session-refresh wrapper: they must work with no session.
      { path: '/login', element: page(() => import('@/features/auth/pages/login-page')) },
      { path: '/welcome', element: page(() => import('@/features/auth/pages/welcome-page')) },
      { path: '/callback', element: page(() => import('@/features/auth/pages/callback-page')) },
      { path: '/invite/existing/*', element: invitePage },
      { path: '/terms', element: page(() => import('@/features/legal/pages/legal-page')) },
      { path: '/privacy', element: page(() => import('@/features/legal/pages/legal-page')) },
      {
        element: <GatedLayout />,
        children: [
          { path: '/', element: <Navigate to="/chat" replace /> },
          { path: '/chat', element: page(gatedPages['/chat']) },
          { path: '/projects', element: page(gatedPages['/projects']) },
          {
            path: '/brand-voice',
            element: page(gatedPages['/brand-voice']),
          },
          {
            path: '/brand-voice/new',
            element: page(gatedPages['/brand-voice/new']),
          },
          {
            path: '/brand-voice/:id',
            element: page(gatedPages['/brand-voice/:id']),
          },
          { path: '/profile', element: page(gatedPages['/profile']) },
          {
            path: '/workspace-settings',
            element: page(gatedPages['/workspace-settings']),
          },
          {
            path: '/subscription',
            element: page(gatedPages['/subscription']),
          },
          {
            path: '/subscription/sandbox-checkout',
            element: page(gatedPages['/subscription/sandbox-checkout']),
          },
          { path: '/labs', element: page(gatedPages['/labs']) },
          { path: '*', element: page(() => import('./not-found-page')) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
