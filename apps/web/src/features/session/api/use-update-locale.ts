import { useCallback } from 'react';
import type { Locale } from '@redacta/shared/locales';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/** Saves a language chosen while signed in (PATCH /api/user/locale); a failure only loses the sync. */
export function useUpdateLocale() {
  return useCallback(async (locale: Locale) => {
    if (!sessionStore.getAccessToken()) return;
    try {
      await api.patch('/user/locale', { locale });
      sessionStore.updateUser({ locale });
    } catch (error) {
      console.warn('Could not save the language preference', error);
    }
  }, []);
}
