import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Archive, Download } from 'lucide-react';
import { WORKSPACE_EXPORT_KEPT_DAYS } from '@redacta/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import { isApiError } from '@/lib/api-error';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { longDate } from '@/lib/format-date';
import { useExport } from '../api/gdpr-api';
import { ExportProgress } from '../components/export-progress';
import { useExportDownload } from '../components/use-export-download';

/**
 * Where the mail that an export is ready leads (`/exports/{workspaceId}/{exportId}`): behind sign-in
 * like every page, it downloads the zip as soon as it is ready, once, and offers it again. An
 * export that expired, or that is not the person's, says so instead.
 */
export default function ExportDownloadPage() {
  const { t } = useTranslation();
  const { workspaceId = '', exportId = '' } = useParams();
  const state = useExport(workspaceId, exportId);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const current = state.data;
  const { download: downloadZip, downloading, downloaded } = useExportDownload(workspaceId);
  const download = () => downloadZip(exportId);

  // The link's point is the file: it starts by itself the first time the export is ready.
  const started = useRef(false);
  const ready = current?.status === 'ready';
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    void download();
    // `download` is a new function each render; the ref makes this run once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  const status = isApiError(state.error) ? state.error.status : null;
  const toSettings = (
    <Link to="/workspace-settings#export" className={buttonClasses('secondary')}>
      {t('gdpr.export.toSettings')}
    </Link>
  );

  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-4 px-4 py-8 md:px-6">
      {/* The mobile header already shows the page's title: the heading stays for screen readers only. */}
      <h1 className={cn('text-xl font-semibold', isMobile && 'sr-only')}>{t('gdpr.export.pageTitle')}</h1>
      {state.isPending && <Spinner label={t('gdpr.export.loading')} />}
      {(status === 403 || status === 404) && (
        <EmptyState
          icon={<Archive className="size-6" aria-hidden />}
          title={t('gdpr.export.title')}
          text={
            status === 403
              ? t('gdpr.export.ownerOnly')
              : t('gdpr.export.gone', { days: WORKSPACE_EXPORT_KEPT_DAYS })
          }
          action={toSettings}
        />
      )}
      {state.isError && status !== 403 && status !== 404 && (
        <LoadError
          message={t('gdpr.export.loadFailed')}
          retryLabel={t('gdpr.retry')}
          retrying={state.isFetching}
          onRetry={() => void state.refetch()}
        />
      )}
      {current && (current.status === 'queued' || current.status === 'running') && (
        <ExportProgress progress={current.progress} />
      )}
      {current?.status === 'failed' && (
        <>
          <p role="alert" className="text-[13px] text-danger">
            {t('gdpr.export.buildFailed')}
          </p>
          <div>{toSettings}</div>
        </>
      )}
      {ready && (
        <div className="flex flex-col gap-3">
          <p className="text-sm" role="status">
            {downloading ? t('gdpr.export.downloading') : downloaded ? t('gdpr.export.downloaded') : null}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              icon={<Download className="size-4" aria-hidden />}
              loading={downloading}
              onClick={() => void download()}
            >
              {downloaded ? t('gdpr.export.downloadAgain') : t('gdpr.export.download')}
            </Button>
            <p className="text-[13px] text-text-muted">
              {t('gdpr.export.readyUntil', { date: longDate(current.expiresAt) })}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
