import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/lib/i18n';

/** What a test reads of the router and does with it: where it is, and going elsewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

/** The routes as the app renders them (app.tsx), and the router's state kept for the test. */
function TestRoutes({ routes, router }: { routes: RouteObject[]; router: TestRouter }) {
  router.state.location = useLocation();
  router.navigate = useNavigate();
  return useRoutes(routes);
}

/** Renders routes in a memory router with fresh query state, as the app does. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = { state: {} } as TestRouter;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialPath]}>
        <TestRoutes routes={routes} router={router} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export const at = (path: string, element: ReactElement): RouteObject => ({ path, element });

export const json = (status: number, body?: unknown) =>
  body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** One request the fake API received, with its JSON body. */
export interface ApiCall {
  key: string;
  body: unknown;
}

export type ApiHandler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

/**
 * A fetch stub answering by "METHOD /path"; unknown calls get a 404 in our error shape. `note` adds
 * what a test wants to know about how each request was sent (its signal, keepalive) to its record.
 */
export function fakeApi<Note extends object = object>(
  handlers: Record<string, ApiHandler>,
  note: (init: RequestInit) => Note = () => ({}) as Note,
) {
  const calls: Array<ApiCall & Note> = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, body, ...note(init) });
    const handler = handlers[key];
    return handler ? handler(body, init) : json(404, { error: { code: 'NOT_FOUND', message: `no ${key}` } });
  };
  return { fetch, calls };
}
