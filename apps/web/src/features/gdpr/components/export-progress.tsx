import { useTranslation } from 'react-i18next';

/** How far the server got building an export, as text and as a bar. */
export function ExportProgress({ progress }: { progress: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm" id="export-progress-label">
        {t('gdpr.export.building', { progress })}
      </p>
      <div
        role="progressbar"
        aria-labelledby="export-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
