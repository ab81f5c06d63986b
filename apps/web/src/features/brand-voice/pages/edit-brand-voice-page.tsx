import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { useBrandVoices } from '../api/use-brand-voices';
import { BrandVoiceEditor } from '../components/brand-voice-editor';

/** /brand-voice/:id: the editor on a saved voice, found in the workspace's list. */
export default function EditBrandVoicePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: voices, isPending, isError, refetch, isRefetching, workspaceId } = useBrandVoices();
  if (isPending)
    return (
      <div className="flex flex-1 flex-col gap-4 px-4 py-8 md:px-6" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        <div className="h-7 w-56 animate-pulse rounded-lg bg-surface-muted" />
        <div className="h-10 w-full max-w-xl animate-pulse rounded-lg bg-surface-muted" />
        <div className="h-48 w-full animate-pulse rounded-lg bg-surface-muted" />
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
  const voice = voices.find((item) => item.id === id);
  if (!voice)
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
  return <BrandVoiceEditor key={voice.id} workspaceId={workspaceId} voice={voice} />;
}
