import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { SessionGate } from '@/features/session';
import { FullScreenLoader } from '@/components/ui/spinner';
import { Root } from './root';
import { RouteError } from './route-error';
import { PageFallback } from './page-fallback';

/** The shell loads while the session refreshes, so /login never downloads it. */
const AppLayout = lazy(() => import('./layout/app-layout').then((module) => ({ default: module.AppLayout })));

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
 * (spec §2), which React Router cannot express as one pattern.
 */
function GatedLayout() {
  const { pathname } = useLocation();
  if (pathname.includes('/invite/existing')) return invitePage;
  return (
    <SessionGate>
      <Suspense fallback={<FullScreenLoader label="…" />}>
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
      // Spec §2: these render without the layout and without the session-refresh wrapper.
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
          { path: '/chat', element: page(() => import('@/features/chat/pages/chat-page')) },
          { path: '/projects', element: page(() => import('@/features/projects/pages/projects-page')) },
          {
            path: '/brand-voice',
            element: page(() => import('@/features/brand-voice/pages/brand-voice-page')),
          },
          {
            path: '/brand-voice/new',
            element: page(() => import('@/features/brand-voice/pages/new-brand-voice-page')),
          },
          { path: '/profile', element: page(() => import('@/features/profile/pages/profile-page')) },
          {
            path: '/workspace-settings',
            element: page(() => import('@/features/workspaces/pages/workspace-settings-page')),
          },
          {
            path: '/subscription',
            element: page(() => import('@/features/subscription/pages/subscription-page')),
          },
          { path: '/labs', element: page(() => import('@/features/labs/pages/labs-page')) },
          { path: '*', element: page(() => import('./not-found-page')) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
