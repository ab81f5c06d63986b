import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { KeyRound, Plus } from 'lucide-react';
import type { ApiKey } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { CreateKeyModal } from './create-key-modal';
import { KeyRow } from './key-row';
import { ListSkeleton } from './list-skeleton';

/**
 * The workspace's API keys (its owner's): the list, making a key (shown once), revoking one after a
 * confirmation. Loading, a failed load (with retry) and no keys yet each have their own state.
 */
export function KeysSection({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const list = useApiKeys(workspaceId);
  const revoke = useRevokeApiKey(workspaceId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = list.data ?? [];
  // Whether a key has expired is judged against when the page opened.
  const [now] = useState(() => Date.now());

  const confirmRevoke = (key: ApiKey) =>
    revoke.mutate(key.id, {
      onSuccess: () => {
        setRevoking(null);
        toast.success(t('apiSettings.keys.revoke.done', { name: key.name }));
      },
      onError: (error) =>
        toast.error(errorMessage(t, error, { fallbackKey: 'apiSettings.keys.revoke.failed' })),
    });

  const createButton = (variant: 'primary' | 'secondary') => (
    <Button
      variant={variant}
      icon={<Plus className="size-4" aria-hidden />}
      onClick={() => setCreating(true)}
    >
      {t('apiSettings.keys.create')}
    </Button>
  );

  let content;
  if (list.isPending) content = <ListSkeleton />;
  else if (list.isError)
    content = (
      <LoadError
        message={t('apiSettings.keys.fetchFailed')}
        retryLabel={t('apiSettings.retry')}
        retrying={list.isRefetching}
        onRetry={() => void list.refetch()}
        className="py-8"
      />
    );
  else if (keys.length === 0)
    content = (
      <EmptyState
        icon={<KeyRound className="size-5" aria-hidden />}
        title={t('apiSettings.keys.emptyTitle')}
        text={t('apiSettings.keys.emptyText')}
        action={createButton('primary')}
      />
    );
  else
    content = (
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-text-muted">{t('apiSettings.keys.count', { count: keys.length })}</p>
          {createButton('secondary')}
        </div>
        <ul
          aria-label={t('apiSettings.keys.title')}
          className="divide-y divide-border rounded-xl border border-border"
        >
          {keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} now={now} onRevoke={() => setRevoking(key)} />
          ))}
        </ul>
      </div>
    );

  return (
    <SettingsSection
      id="api-keys"
      title={t('apiSettings.keys.title')}
      description={t('apiSettings.keys.help')}
    >
      {content}
      <CreateKeyModal open={creating} onOpenChange={setCreating} workspaceId={workspaceId} />
      {revoking && (
        <ConfirmDialog
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
          title={t('apiSettings.keys.revoke.title', { name: revoking.name })}
          description={t('apiSettings.keys.revoke.text')}
          confirmLabel={t('apiSettings.keys.revoke.confirm')}
          pending={revoke.isPending}
          onConfirm={() => confirmRevoke(revoking)}
        />
      )}
    </SettingsSection>
  );
}
