import { refreshSession } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import type { LiveDocumentOptions } from './live-document';
import { peerColour } from './peer-colour';

/** Whether the access token is good for a few more seconds (its `exp`), without asking the server. */
export function usableToken(token: string | null): token is string {
  if (!token) return false;
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: number };
    return typeof exp === 'number' && exp * 1000 > Date.now() + 5000;
  } catch {
    return false;
  }
}

/** The access token the connection authenticates with, renewed first when it is about to expire. */
async function currentToken(): Promise<string> {
  const token = sessionStore.getAccessToken();
  if (usableToken(token)) return token;
  return (await refreshSession()).accessToken;
}

/** Same origin as the page, `wss:` under https. */
export function collabUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/collab`;
}

/** The signed-in person as the others see them in the document. */
export function liveConnection(): Omit<LiveDocumentOptions, 'projectId' | 'onChange'> {
  const user = sessionStore.get().user;
  const id = user?.id ?? 'anonymous';
  return {
    url: collabUrl(),
    token: currentToken,
    renewToken: refreshSession,
    user: {
      id,
      name: user?.name || user?.email || '',
      firstName: user?.firstName ?? null,
      lastName: user?.lastName ?? null,
      color: peerColour(id),
      picture: user?.picture ?? null,
    },
  };
}
