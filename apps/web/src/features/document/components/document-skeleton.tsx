import { useTranslation } from 'react-i18next';

/** Shown while the document or the editor code loads: the toolbar and a few lines of text. */
export function DocumentSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('document.loading')}
      className="flex h-full min-h-0 flex-col bg-surface"
    >
      <div className="flex h-11 items-center gap-2 border-b border-border px-3">
        {Array.from({ length: 7 }, (_, index) => (
          <span key={index} className="size-7 animate-pulse rounded-md bg-surface-muted" />
        ))}
      </div>
      <div className="flex flex-col gap-3 p-6">
        <span className="h-6 w-2/3 animate-pulse rounded bg-surface-muted" />
        <span className="h-4 w-full animate-pulse rounded bg-surface-muted" />
        <span className="h-4 w-11/12 animate-pulse rounded bg-surface-muted" />
        <span className="h-4 w-4/5 animate-pulse rounded bg-surface-muted" />
      </div>
    </div>
  );
}
