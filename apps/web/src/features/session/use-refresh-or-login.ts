import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { refreshSession } from '@/lib/api-client';
import { clearStoredIds, rememberAfterSignIn } from '@/lib/storage';
import { applyBrowserLocale } from '@/lib/i18n';

/**
 * While `needed`, renews the session from the refresh cookie; when that fails, clears the stored ids
 * and goes to /login in the browser's language unless this device has a choice (docs/product.md, Session start). `onRenewed` runs after a renewal that the
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
        // A mailed link to a download opens again once signed in, not the chat.
        rememberAfterSignIn(window.location.pathname);
        // The page may have started without a language of its own, waiting for the account's.
        void applyBrowserLocale().finally(() => {
          if (active) navigate('/login', { replace: true });
        });
      },
    );
    return () => {
      active = false;
    };
    // `onRenewed` is read when the renewal ends; a new function each render must not renew again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed, navigate]);
}
