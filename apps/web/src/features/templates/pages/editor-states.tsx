import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';

export function EditorSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-4 px-4 py-8 md:px-6"
      aria-busy="true"
    >
      <span className="sr-only">{t('common.loading')}</span>
      <div className="h-10 w-full max-w-xl animate-pulse rounded-lg bg-surface-muted" />
      <div className="h-20 w-full max-w-xl animate-pulse rounded-lg bg-surface-muted" />
      <div className="h-48 w-full animate-pulse rounded-lg bg-surface-muted" />
    </div>
  );
}

export function TemplateNotFound() {
  const { t } = useTranslation();
  return (
    <div className="px-4 py-12">
      <EmptyState
        icon={<SearchX className="size-6" aria-hidden />}
        title={t('templates.notFound')}
        action={
          <Link to="/templates" className={buttonClasses('primary')}>
            {t('templates.backToList')}
          </Link>
        }
      />
    </div>
  );
}

export function TemplateLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <LoadError
      message={t('templates.toasts.fetchOneFailed')}
      retryLabel={t('templates.retry')}
      retrying={retrying}
      onRetry={onRetry}
      className="px-4 py-12"
    />
  );
}
