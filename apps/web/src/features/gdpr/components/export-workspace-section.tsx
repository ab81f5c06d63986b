import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Archive, Download } from 'lucide-react';
import type { Workspace } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SettingsSection } from '@/components/ui/settings-section';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { longDate } from '@/lib/format-date';
import { useLatestExport, useStartExport } from '../api/gdpr-api';
import { ExportProgress } from './export-progress';
import { useExportDownload } from './use-export-download';

/**
 * "Exportar espacio de trabajo", for its owner: the zip is built on the server while the page shows
 * how far it got; once ready it is downloaded from here, or from the page the mail links to.
 */
export function ExportWorkspaceSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const latest = useLatestExport(workspace.id);
  const start = useStartExport(workspace.id);
  const { download: downloadZip, downloading } = useExportDownload(workspace.id);
  const current = latest.data?.export ?? null;
  const building = current?.status === 'queued' || current?.status === 'running';

  const begin = () =>
    start.mutate(undefined, {
      onError: (error) => toast.error(errorMessage(t, error, { fallbackKey: 'gdpr.export.failed' })),
    });

  const download = () => {
    if (current) void downloadZip(current.id);
  };

  return (
    <SettingsSection id="export" title={t('gdpr.export.title')} description={t('gdpr.export.help')}>
      <div className="flex flex-col gap-3">
        {latest.isPending && <Spinner label={t('gdpr.export.loading')} />}
        {latest.isError && (
          <LoadError
            message={t('gdpr.export.loadFailed')}
            retryLabel={t('gdpr.retry')}
            retrying={latest.isFetching}
            onRetry={() => void latest.refetch()}
          />
        )}
        {building && <ExportProgress progress={current.progress} />}
        {current?.status === 'ready' && (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              icon={<Download className="size-4" aria-hidden />}
              loading={downloading}
              onClick={download}
            >
              {t('gdpr.export.download')}
            </Button>
            <p className="text-[13px] text-text-muted">
              {t('gdpr.export.readyUntil', { date: longDate(current.expiresAt) })}
            </p>
          </div>
        )}
        {current?.status === 'failed' && (
          <p role="alert" className="text-[13px] text-danger">
            {t('gdpr.export.buildFailed')}
          </p>
        )}
        {latest.isSuccess && !building && (
          <div>
            <Button
              variant="secondary"
              icon={<Archive className="size-4" aria-hidden />}
              loading={start.isPending}
              onClick={begin}
            >
              {current ? t('gdpr.export.startAgain') : t('gdpr.export.start')}
            </Button>
          </div>
        )}
      </div>
    </SettingsSection>
  );
}
