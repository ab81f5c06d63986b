import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@redacta/shared';

/**
 * The signed-in session, in memory only: the access token never touches storage (the refresh
 * token is an HttpOnly cookie). Pages outside the session wrapper (login, welcome, callback) write
 * here too, so the wrapper can skip a second refresh right after a sign-in.
 */
export interface SessionState {
  accessToken: string | null;
  user: SessionUser | null;
}

let state: SessionState = { accessToken: null, user: null };
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): SessionState => state,
  getAccessToken: (): string | null => state.accessToken,
  setSession(accessToken: string, user: SessionUser) {
    state = { accessToken, user };
    emit();
  },
  setAccessToken(accessToken: string) {
    state = { ...state, accessToken };
    emit();
  },
  updateUser(patch: Partial<SessionUser>) {
    if (!state.user) return;
    state = { ...state, user: { ...state.user, ...patch } };
    emit();
  },
  clear() {
    state = { accessToken: null, user: null };
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
