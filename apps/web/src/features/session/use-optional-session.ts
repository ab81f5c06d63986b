import { useEffect, useState } from 'react';
import type { SessionUser } from '@redacta/shared';
import { refreshSession } from '@/lib/api-client';
import { useSessionState } from '@/lib/session-store';

export type OptionalSession =
  { state: 'checking' } | { state: 'signed-out' } | { state: 'signed-in'; user: SessionUser };

/**
 * For a page open to everyone that does more for a signed-in user (an invitation link): the session
 * in memory, else one renewed from the refresh cookie; without one the visitor is simply signed out
 * (no trip to /login).
 */
export function useOptionalSession(): OptionalSession {
  const { user } = useSessionState();
  const [tried, setTried] = useState(user !== null);

  useEffect(() => {
    if (tried) return;
    let active = true;
    refreshSession().then(
      () => active && setTried(true),
      () => active && setTried(true),
    );
    return () => {
      active = false;
    };
  }, [tried]);

  if (user) return { state: 'signed-in', user };
  return tried ? { state: 'signed-out' } : { state: 'checking' };
}
