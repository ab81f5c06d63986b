import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveLocale, type Locale } from '@redacta/shared/locales';

/**
 * The language whose prompts the library shows: the interface language unless the user picks
 * another; a change of interface language brings it along.
 */
export function useLibraryLanguage() {
  const { i18n } = useTranslation();
  const interfaceLanguage = resolveLocale(i18n.language);
  const [language, setLanguage] = useState<Locale>(interfaceLanguage);
  const [followed, setFollowed] = useState(interfaceLanguage);
  if (followed !== interfaceLanguage) {
    setFollowed(interfaceLanguage);
    setLanguage(interfaceLanguage);
  }
  return [language, setLanguage] as const;
}
