import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { AudioLines } from 'lucide-react';
import type { BrandVoiceSummary } from '@redacta/shared';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { buttonClasses } from '@/components/ui/button';
import { useBrandVoices } from '../api/use-brand-voices';
import { useDeleteBrandVoice, useUpdateBrandVoice } from '../api/use-save-brand-voice';
import { BrandVoiceCard } from '../components/brand-voice-card';
import { DeleteVoiceDialog, RenameVoiceDialog } from '../components/voice-dialogs';
import { brandVoiceError } from '../error-text';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className="flex flex-col gap-3 rounded-xl border border-border p-4">
          <div className="h-5 w-40 animate-pulse rounded bg-surface-muted" />
          <div className="h-3 w-28 animate-pulse rounded bg-surface-muted" />
          <div className="h-12 w-full animate-pulse rounded bg-surface-muted" />
        </li>
      ))}
    </ul>
  );
}

type Dialog = { kind: 'rename' | 'delete'; voice: BrandVoiceSummary } | null;

/** /brand-voice: the workspace's voices; the header carries "new brand voice". */
export default function BrandVoicePage() {
  const { t } = useTranslation();
  const { data: voices, isPending, isError, refetch, isRefetching, workspaceId } = useBrandVoices();
  const update = useUpdateBrandVoice(workspaceId);
  const remove = useDeleteBrandVoice(workspaceId);
  const [dialog, setDialog] = useState<Dialog>(null);

  const edit = (voice: BrandVoiceSummary, change: { name?: string; isDefault?: boolean }) =>
    update.mutate(
      { id: voice.id, ...change },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(t('brandVoice.toasts.edited'));
        },
        onError: (error) => toast.error(brandVoiceError(t, error, 'brandVoice.toasts.editFailed')),
      },
    );

  const confirmDelete = (voice: BrandVoiceSummary) =>
    remove.mutate(voice.id, {
      onSuccess: () => {
        setDialog(null);
        toast.success(t('brandVoice.toasts.deleted'));
      },
      onError: (error) => toast.error(brandVoiceError(t, error, 'brandVoice.toasts.deleteFailed')),
    });

  let content;
  if (isPending) content = <ListSkeleton />;
  else if (isError)
    content = (
      <LoadError
        message={t('brandVoice.toasts.fetchFailed')}
        retryLabel={t('brandVoice.retry')}
        retrying={isRefetching}
        onRetry={() => void refetch()}
        className="py-12"
      />
    );
  else if (voices.length === 0)
    content = (
      <EmptyState
        icon={<AudioLines className="size-6" aria-hidden />}
        title={t('brandVoice.emptyTitle')}
        text={t('brandVoice.emptyText')}
        action={
          <Link to="/brand-voice/new" className={buttonClasses('primary')}>
            {t('brandVoice.new')}
          </Link>
        }
      />
    );
  else
    content = (
      <ul className="grid gap-4 md:grid-cols-2">
        {voices.map((voice) => (
          <BrandVoiceCard
            key={voice.id}
            voice={voice}
            onRename={() => setDialog({ kind: 'rename', voice })}
            onMakeDefault={() => edit(voice, { isDefault: true })}
            onDelete={() => setDialog({ kind: 'delete', voice })}
          />
        ))}
      </ul>
    );

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-4 px-4 py-6 md:px-6 md:py-8">
      <p className="text-text-muted">{t('brandVoice.listIntro')}</p>
      {content}
      {dialog?.kind === 'rename' && (
        <RenameVoiceDialog
          voice={dialog.voice}
          pending={update.isPending}
          onClose={() => setDialog(null)}
          onRename={(name) => edit(dialog.voice, { name })}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteVoiceDialog
          voice={dialog.voice}
          pending={remove.isPending}
          onClose={() => setDialog(null)}
          onDelete={() => confirmDelete(dialog.voice)}
        />
      )}
    </div>
  );
}
