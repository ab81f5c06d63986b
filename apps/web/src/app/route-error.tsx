import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';

/** Shown when a page throws or its chunk fails to load (for example after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{t('errors.pageTitle')}</h1>
      <p className="max-w-md text-text-muted">{t('errors.generic')}</p>
      <a href="/chat" className={buttonClasses('primary')}>
        {t('errors.reload')}
      </a>
    </main>
  );
}
