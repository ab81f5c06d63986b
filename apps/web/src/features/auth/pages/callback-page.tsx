import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { refreshSession } from '@/lib/api-client';
import { clearStoredIds, takeAfterSignIn } from '@/lib/storage';
import { applyBrowserLocale } from '@/lib/i18n';
import { FullScreenLoader } from '@/components/ui/spinner';

/** The OAuth return: the refresh cookie is set, so refresh and go on (or back to /login). */
export default function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    refreshSession().then(
      ({ user }) => {
        if (active) navigate(user.firstName ? takeAfterSignIn('/chat') : '/welcome', { replace: true });
      },
      () => {
        if (!active) return;
        clearStoredIds();
        // The page started without a language of its own, waiting for the account's.
        void applyBrowserLocale().finally(() => {
          if (active) navigate('/login?error=OAUTH_FAILED', { replace: true });
        });
      },
    );
    return () => {
      active = false;
    };
  }, [navigate]);
  return <FullScreenLoader label={t('common.loading')} />;
}
