import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { refreshSession } from '@/lib/api-client';
import { clearStoredIds } from '@/lib/storage';

/**
 * While `needed`, renews the session from the refresh cookie; when that fails, clears the stored ids
 * and goes to /login (docs/product.md, Session start). `onRenewed` runs after a renewal that the
 * component still waits for.
 */
export function useRefreshOrLogin(needed: boolean, onRenewed?: () => void) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!needed) return;
    let active = true;
    refreshSession().then(
      () => {
        if (active) onRenewed?.();
      },
      () => {
        if (!active) return;
        clearStoredIds();
        navigate('/login', { replace: true });
      },
    );
    return () => {
      active = false;
    };
    // `onRenewed` is read when the renewal ends; a new function each render must not renew again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed, navigate]);
}
