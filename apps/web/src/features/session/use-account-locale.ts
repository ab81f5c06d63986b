import { useEffect, useState } from 'react';
import type { SessionUser } from '@redacta/shared';
import { useTranslation } from 'react-i18next';
import { awaitsAccountLocale, changeLocale } from '@/lib/i18n';

/**
 * A language saved on the account applies on a device that has no choice of its own yet (and is
 * then remembered on it). True while its texts are still loading: the caller keeps its loader up
 * rather than flash the screen in another language. Texts that fail to load leave the language as it
 * is instead of a loader that never ends.
 */
export function useAccountLocale(user: SessionUser | null): boolean {
  // Re-renders when the language changes, which ends the wait.
  useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = user && awaitsAccountLocale(user.locale) ? user.locale : null;
  useEffect(() => {
    if (!wanted) return;
    changeLocale(wanted).catch(() => setFailed(wanted));
  }, [wanted]);
  return wanted !== null && failed !== wanted;
}
