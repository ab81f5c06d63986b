import { useTranslation } from 'react-i18next';

/** A list while it loads: three grey rows in the list's own frame. */
export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul
      className="divide-y divide-border rounded-xl border border-border"
      aria-busy="true"
      aria-label={t('common.loading')}
    >
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex gap-3 p-4">
          <div className="size-8 animate-pulse rounded-lg bg-surface-muted" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-40 max-w-full animate-pulse rounded bg-surface-muted" />
            <div className="h-3 w-64 max-w-full animate-pulse rounded bg-surface-muted" />
          </div>
        </li>
      ))}
    </ul>
  );
}
