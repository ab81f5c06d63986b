import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { SPREADSHEET_MAX_MB, type SpreadsheetProblem } from '../lib/file-check';

/**
 * Why a file was not taken, in place where the file is chosen: a problem found before sending it,
 * or the server's refusal. A file the server could not read names the line and column it stopped
 * at (the server's own sentence, as for a file with more rows than the plan allows); a file too
 * large says the limit.
 */
export function UploadError({ problem, error }: { problem: SpreadsheetProblem | null; error: unknown }) {
  const { t } = useTranslation();
  let title: string;
  let detail: string | null = null;
  if (problem) title = t(`batches.file.problem.${problem}`, { mb: SPREADSHEET_MAX_MB });
  else if (isApiError(error) && (error.status === 413 || error.code === 'BODY_TOO_LARGE'))
    title = t('batches.file.problem.tooLarge', { mb: SPREADSHEET_MAX_MB });
  else if (isApiError(error) && error.status >= 400 && error.status < 500) {
    // A file it could not read, or a refusal with its own words (more rows than the plan allows).
    title =
      error.code === 'VALIDATION_FAILED'
        ? t('batches.file.unreadable')
        : errorMessage(t, error, { fallbackKey: 'batches.file.uploadFailed' });
    // The server's sentence names the line; its issue's path names the column (or just `file`).
    const columns = (error.issues ?? []).map((issue) => issue.path).filter((path) => path && path !== 'file');
    detail = [
      ...columns.map((column) => t('batches.file.column', { column })),
      error.message,
      ...(error.issues ?? []).map((issue) => issue.message),
    ]
      .filter((text, index, all) => text && all.indexOf(text) === index)
      .join(' · ');
  } else title = errorMessage(t, error, { fallbackKey: 'batches.file.uploadFailed' });
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        {detail && (
          <p className="mt-1 break-words" data-testid="batch-upload-detail">
            {detail}
          </p>
        )}
      </div>
    </div>
  );
}
