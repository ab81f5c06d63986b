import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Toaster } from 'react-hot-toast';
import { changeLocale } from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';
import { SessionGate } from '@/features/session';
import { me } from './fixtures';
import { type ApiHandler, fakeApi, renderRoutes } from './render';

/**
 * Each route's element inside the signed-in session (with the toasts), against a fake API stubbed in
 * as `fetch`; every call is recorded (with what `note` picks from it).
 */
export function renderInSession<Note extends object = object>(
  routes: Array<{ path: string; element: ReactElement }>,
  handlers: Record<string, ApiHandler>,
  { initialPath = routes[0]!.path, note }: { initialPath?: string; note?: (init: RequestInit) => Note } = {},
) {
  const api = fakeApi(handlers, note);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderRoutes(
    routes.map(({ path, element }) => ({
      path,
      element: (
        <SessionGate>
          {element}
          <Toaster />
        </SessionGate>
      ),
    })),
    initialPath,
  );
  const callsTo = (key: string) => api.calls.filter((call) => call.key === key);
  return { ...view, calls: api.calls, callsTo };
}

/** Each test starts in Spanish with no session: the app gets one from the fake API's refresh. */
export async function startSignedOut() {
  await changeLocale('es');
  sessionStore.clear();
}

/** Each test starts in Spanish with Ana's session already in the store. */
export async function startAsAna() {
  await changeLocale('es');
  sessionStore.setSession('token', me);
}
