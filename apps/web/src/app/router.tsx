import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { SessionGate } from '@/features/session';
import { BRAND_VOICES_ALIAS, brandTabs } from '@/features/brand';
import { featureTextsLoaded, loadFeatureTexts } from '@/lib/i18n';
import { useSessionState } from '@/lib/session-store';
import { FullScreenLoader } from '@/components/ui/spinner';
import { Root } from './root';
import { PageFallback } from './page-fallback';
import { lazyLoaded, type LazyLoaded } from './lazy-loaded';

/** The shell is its own chunk, so /login never downloads it. */
const appLayout = lazyLoaded(() =>
  import('./layout/app-layout').then((module) => ({ default: module.AppLayout })),
);
/** The chat's head start, a small chunk: it can start long before the shell's and the page's arrive. */
const loadChatPrefetch = () => import('./layout/prefetch-open-chat');

/** The Brand area's tab bar, around each of its tabs' pages. */
const brandArea = lazyLoaded(() => import('@/features/brand/brand-area'));
const brandPages: Record<string, LazyLoaded> = Object.fromEntries(
  brandTabs.map((tab) => [tab.path, lazyLoaded(tab.load)]),
);
const brandVoicesPage = brandPages[brandTabs[0]!.path]!;
/** A Brand tab's page by path (the voices' first address included), or undefined. */
const brandPageAt = (pathname: string): LazyLoaded | undefined =>
  pathname === BRAND_VOICES_ALIAS ? brandVoicesPage : brandPages[pathname];

/** Signed-in pages by path: the router renders them lazily; GatedLayout warms them early. */
const gatedPages = {
  '/chat': lazyLoaded(() => import('@/features/chat/pages/chat-page')),
  '/projects': lazyLoaded(() => import('@/features/projects/pages/projects-page')),
  '/brand-voice/new': lazyLoaded(() => import('@/features/brand-voice/pages/new-brand-voice-page')),
  '/brand-voice/:id': lazyLoaded(() => import('@/features/brand-voice/pages/edit-brand-voice-page')),
  '/profile': lazyLoaded(() => import('@/features/profile/pages/profile-page')),
  '/workspace-settings': lazyLoaded(() => import('@/features/workspaces/pages/workspace-settings-page')),
  '/settings/api': lazyLoaded(() => import('@/features/api-settings/pages/api-settings-page')),
  '/settings/sso': lazyLoaded(() => import('@/features/sso-settings/pages/sso-settings-page')),
  '/settings/audit': lazyLoaded(() => import('@/features/audit-log/pages/audit-log-page')),
  '/settings/scim': lazyLoaded(() => import('@/features/scim-settings/pages/scim-settings-page')),
  '/settings/usage': lazyLoaded(() => import('@/features/usage/pages/usage-page')),
  '/subscription': lazyLoaded(() => import('@/features/subscription/pages/subscription-page')),
  '/subscription/sandbox-checkout': lazyLoaded(
    () => import('@/features/subscription/pages/sandbox-checkout-page'),
  ),
  '/labs': lazyLoaded(() => import('@/features/labs/pages/labs-page')),
  '/templates': lazyLoaded(() => import('@/features/templates/pages/templates-page')),
  '/templates/new': lazyLoaded(() => import('@/features/templates/pages/new-template-page')),
  '/templates/:id/edit': lazyLoaded(() => import('@/features/templates/pages/edit-template-page')),
  '/batches': lazyLoaded(() => import('@/features/batches/pages/batches-page')),
  '/batches/new': lazyLoaded(() => import('@/features/batches/pages/new-batch-page')),
  '/batches/:id': lazyLoaded(() => import('@/features/batches/pages/batch-page')),
  '/exports/:workspaceId/:exportId': lazyLoaded(() => import('@/features/gdpr/pages/export-download-page')),
} as const;
type GatedPath = keyof typeof gatedPages;

const opensChat = (pathname: string) => pathname === '/chat' || pathname === '/';

/** Pages load on demand so the first chunk carries the shell only. */
function page(load: (() => Promise<{ default: ComponentType }>) | LazyLoaded): ReactNode {
  const Page = typeof load === 'function' ? lazy(load) : load.Component;
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}

/**
 * A page that uses the features' texts, which /login's first screen does without (lib/i18n.ts): its
 * code and the texts are fetched together (a failure shows the route's error page, as for its code).
 */
const withFeatureTexts =
  (load: () => Promise<{ default: ComponentType }>) => (): Promise<{ default: ComponentType }> =>
    Promise.all([load(), loadFeatureTexts()]).then(([module]) => module);

/**
 * Until the features' texts are in: the first screen of a page opened directly has them already
 * (main.tsx waits for them), a page reached from /login fetches them here. A failure shows the
 * route's error page, as a chunk that cannot be fetched does.
 */
function useFeatureTexts(): boolean {
  const [state, setState] = useState<'loading' | 'in' | Error>(() =>
    featureTextsLoaded() ? 'in' : 'loading',
  );
  useEffect(() => {
    if (state !== 'loading') return;
    let active = true;
    loadFeatureTexts().then(
      () => active && setState('in'),
      (error: unknown) => active && setState(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      active = false;
    };
  }, [state]);
  if (state instanceof Error) throw state;
  return state === 'in';
}

const invitePage = page(withFeatureTexts(() => import('@/features/auth/pages/invite-existing-page')));

/** Everything but sign-in and the legal texts, once the features' texts are in. */
function GatedLayout() {
  const { t } = useTranslation();
  const textsIn = useFeatureTexts();
  return textsIn ? <GatedScreens /> : <FullScreenLoader label={t('common.loading')} />;
}

/**
 * Everything else sits behind the session wrapper, except any path containing /invite/existing
 * (it renders bare, like /login), which React Router cannot express as one pattern.
 */
function GatedScreens() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const signedIn = useSessionState().user !== null;
  const invite = pathname.includes('/invite/existing');
  // Fetch the shell and the page while the session refresh is still in flight (no waterfall); the
  // chat's head start first, as the smallest and the one that sends the chat's requests, then the
  // page, the largest, so that it does not queue behind the shell's smaller chunks. The first
  // screen renders once its code is here: a Suspense fallback shown before it would hold it back by
  // React's reveal throttle (lazy-loaded.tsx), so until then the session's loader stays.
  const [firstScreenLoaded, setFirstScreenLoaded] = useState(false);
  useEffect(() => {
    if (invite) return;
    if (opensChat(pathname)) void loadChatPrefetch();
    void Promise.all([
      gatedPages[(pathname === '/' ? '/chat' : pathname) as GatedPath]?.preload(),
      brandPageAt(pathname)?.preload(),
      brandPageAt(pathname) ? brandArea.preload() : undefined,
      appLayout.preload(),
    ])
      // A chunk that failed is asked for again by the lazy screen, whose error the route shows.
      .catch(() => undefined)
      .then(() => setFirstScreenLoaded(true));
  }, [invite, pathname]);
  // Once the session is back, what the chat opens is asked for beside or right after the workspace
  // list, not once the chat screen has mounted (once per session start; later visits go as usual).
  const prefetched = useRef(false);
  useEffect(() => {
    if (invite || !signedIn || prefetched.current) return;
    prefetched.current = true;
    if (!opensChat(pathname)) return;
    void loadChatPrefetch()
      .then(({ prefetchChatStart }) => prefetchChatStart(queryClient, search))
      // Only a head start: the chat screen asks again, and reports a failure, itself.
      .catch(() => undefined);
  }, [invite, signedIn, pathname, search, queryClient]);
  if (invite) return invitePage;
  return (
    <SessionGate>
      {firstScreenLoaded ? (
        <Suspense fallback={<FullScreenLoader label={t('common.loading')} />}>
          <appLayout.Component />
        </Suspense>
      ) : (
        <FullScreenLoader label={t('common.loading')} />
      )}
    </SessionGate>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      // Sign-in, its callbacks and the legal pages render without the layout and without the
      // session-refresh wrapper: they must work with no session.
      { path: '/login', element: page(() => import('@/features/auth/pages/login-page')) },
      {
        path: '/welcome',
        element: page(withFeatureTexts(() => import('@/features/auth/pages/welcome-page'))),
      },
      {
        path: '/callback',
        element: page(withFeatureTexts(() => import('@/features/auth/pages/callback-page'))),
      },
      { path: '/invite/existing/*', element: invitePage },
      { path: '/terms', element: page(() => import('@/features/legal/pages/legal-page')) },
      { path: '/privacy', element: page(() => import('@/features/legal/pages/legal-page')) },
      {
        element: <GatedLayout />,
        children: [
          { path: '/', element: <Navigate to="/chat" replace /> },
          { path: '/chat', element: page(gatedPages['/chat']) },
          { path: '/projects', element: page(gatedPages['/projects']) },
          { path: '/brand', element: <Navigate to={brandTabs[0]!.path} replace /> },
          {
            element: page(brandArea),
            children: [
              ...brandTabs.map((tab) => ({ path: tab.path, element: page(brandPageAt(tab.path)!) })),
              // The voices' first address shows the same tab.
              { path: BRAND_VOICES_ALIAS, element: page(brandVoicesPage) },
            ],
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
          { path: '/settings/api', element: page(gatedPages['/settings/api']) },
          { path: '/settings/sso', element: page(gatedPages['/settings/sso']) },
          { path: '/settings/audit', element: page(gatedPages['/settings/audit']) },
          { path: '/settings/scim', element: page(gatedPages['/settings/scim']) },
          { path: '/settings/usage', element: page(gatedPages['/settings/usage']) },
          {
            path: '/subscription',
            element: page(gatedPages['/subscription']),
          },
          {
            path: '/subscription/sandbox-checkout',
            element: page(gatedPages['/subscription/sandbox-checkout']),
          },
          { path: '/labs', element: page(gatedPages['/labs']) },
          { path: '/templates', element: page(gatedPages['/templates']) },
          { path: '/templates/new', element: page(gatedPages['/templates/new']) },
          { path: '/templates/:id/edit', element: page(gatedPages['/templates/:id/edit']) },
          { path: '/batches', element: page(gatedPages['/batches']) },
          { path: '/batches/new', element: page(gatedPages['/batches/new']) },
          { path: '/batches/:id', element: page(gatedPages['/batches/:id']) },
          {
            path: '/exports/:workspaceId/:exportId',
            element: page(gatedPages['/exports/:workspaceId/:exportId']),
          },
          { path: '*', element: page(() => import('./not-found-page')) },
        ],
      },
    ],
  },
];
