import { useTranslation } from 'react-i18next';
import { AlertTriangle, X } from 'lucide-react';
import { problemText } from '@/lib/error-message';
import type { Upload } from '../api/use-uploads';

/** Files on their way, each with its progress bar; files that could not go, with why and a way to dismiss. */
export function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={t('knowledge.uploads.label')}>
      {uploads.map((upload) => {
        const percent = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
        const problem = problemText(t, upload.problem);
        return (
          <li
            key={upload.id}
            data-testid="knowledge-upload"
            className="flex flex-col gap-1.5 rounded-lg border border-border p-3"
          >
            <div className="flex items-start gap-2">
              <p className="min-w-0 flex-1 text-sm font-medium break-words">{upload.name}</p>
              {problem ? (
                <button
                  type="button"
                  onClick={() => onDismiss(upload.id)}
                  className="-m-1 rounded-lg p-1 text-text-muted hover:bg-surface-muted hover:text-text focus-visible:outline-2 focus-visible:outline-primary"
                  aria-label={t('knowledge.uploads.dismiss', { name: upload.name })}
                  title={t('knowledge.uploads.dismiss', { name: upload.name })}
                >
                  <X className="size-4" aria-hidden />
                </button>
              ) : (
                <span className="text-xs text-text-muted tabular-nums">{percent} %</span>
              )}
            </div>
            {problem ? (
              <p role="alert" className="flex items-start gap-1.5 text-sm text-danger">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                {t('knowledge.uploads.failed', { reason: problem })}
              </p>
            ) : (
              <div
                role="progressbar"
                aria-label={t('knowledge.uploads.progress', { name: upload.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width]"
                  style={{ width: `${percent}%` }}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
