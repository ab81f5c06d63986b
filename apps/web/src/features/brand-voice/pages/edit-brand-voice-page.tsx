import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { useSession } from '@/features/session';
import { useBrandVoice } from '../api/use-brand-voices';
import { BrandVoiceEditor } from '../components/brand-voice-editor';

/**
 * /brand-voice/:id: the editor on a saved voice, fetched whole (the list carries only excerpts). A
 * voice that is gone, not the user's, or of another of their workspaces than the one open is not found.
 */
export default function EditBrandVoicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { workspace } = useSession();
  const { data: voice, isPending, isError, error, refetch, isRefetching } = useBrandVoice(id);
  if (isPending)
    return (
      <div className="flex flex-1 flex-col gap-4 px-4 py-8 md:px-6" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        <div className="h-7 w-56 animate-pulse rounded-lg bg-surface-muted" />
        <div className="h-10 w-full max-w-xl animate-pulse rounded-lg bg-surface-muted" />
        <div className="h-48 w-full animate-pulse rounded-lg bg-surface-muted" />
      </div>
    );
  const missing = isError
    ? isApiError(error) && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED')
    : voice.workspaceId !== workspace?.id;
  if (missing)
    return (
      <div className="px-4 py-12">
        <EmptyState
          icon={<SearchX className="size-6" aria-hidden />}
          title={t('brandVoice.notFound')}
          action={
            <Link to="/brand-voice" className={buttonClasses('primary')}>
              {t('brandVoice.back')}
            </Link>
          }
        />
      </div>
    );
  if (isError)
    return (
      <LoadError
        message={t('brandVoice.toasts.fetchFailed')}
        retryLabel={t('brandVoice.retry')}
        retrying={isRefetching}
        onRetry={() => void refetch()}
        className="px-4 py-12"
      />
    );
  return <BrandVoiceEditor key={voice.id} workspaceId={voice.workspaceId} voice={voice} />;
}
