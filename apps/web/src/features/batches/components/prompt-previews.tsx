import { useTranslation } from 'react-i18next';
import type { CreatedBatch } from '@redacta/shared';

/**
 * The first rows as the prompts they will send, so a wrong mapping shows before anything is spent. A
 * row with a problem says so: it is skipped once the user chose to skip such rows, and otherwise it
 * keeps the batch from starting.
 */
export function PromptPreviews({
  preview,
  skipInvalid,
}: {
  preview: CreatedBatch['preview'];
  skipInvalid: boolean;
}) {
  const { t } = useTranslation();
  if (preview.length === 0) return <p className="text-text-muted">{t('batches.preview.none')}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {preview.map((item) => (
        <li key={item.index} className="rounded-lg border border-border bg-surface-muted p-3">
          <p className="mb-1 flex flex-wrap items-center gap-2 text-xs font-medium text-text-muted">
            {t('batches.preview.row', { row: item.index + 1 })}
            {item.invalid && (
              <span
                className="rounded-full bg-warning/15 px-2 py-0.5 text-amber-800 dark:text-amber-300"
                data-testid="batch-preview-invalid"
              >
                {t(skipInvalid ? 'batches.preview.skipped' : 'batches.preview.invalid')}
              </span>
            )}
          </p>
          <p
            className="max-h-60 overflow-y-auto text-sm leading-relaxed break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-primary"
            tabIndex={0}
            aria-label={t('batches.preview.row', { row: item.index + 1 })}
            data-testid="batch-preview-prompt"
          >
            {item.prompt}
          </p>
        </li>
      ))}
    </ol>
  );
}
