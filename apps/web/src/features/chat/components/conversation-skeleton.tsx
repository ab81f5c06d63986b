import { useTranslation } from 'react-i18next';

/** While the conversation loads: a skeleton in its shape, never a blank column. */
export function ConversationSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      className="mx-auto flex w-full max-w-[760px] flex-col gap-6 px-4 py-8 md:px-6"
      role="status"
      aria-live="polite"
      data-testid="conversation-skeleton"
    >
      <span className="sr-only">{t('common.loading')}</span>
      {[0, 1].map((row) => (
        <div key={row} className="flex flex-col gap-4" aria-hidden>
          <div className="ml-auto h-10 w-2/5 animate-pulse rounded-2xl bg-surface-muted" />
          <div className="flex gap-3">
            <div className="size-7 shrink-0 animate-pulse rounded-full bg-surface-muted" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-11/12 animate-pulse rounded bg-surface-muted" />
              <div className="h-4 w-4/5 animate-pulse rounded bg-surface-muted" />
              <div className="h-4 w-3/5 animate-pulse rounded bg-surface-muted" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
