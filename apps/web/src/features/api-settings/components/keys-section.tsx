import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { KeyRound, Plus } from 'lucide-react';
import type { ApiKey } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { CreateKeyModal } from './create-key-modal';
import { KeyRow } from './key-row';
import { SectionList } from './section-list';

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

  return (
    <SettingsSection
      id="api-keys"
      title={t('apiSettings.keys.title')}
      description={t('apiSettings.keys.help')}
    >
      <SectionList
        query={list}
        count={keys.length}
        label={t('apiSettings.keys.title')}
        failedText={t('apiSettings.keys.fetchFailed')}
        empty={{
          icon: <KeyRound className="size-5" aria-hidden />,
          title: t('apiSettings.keys.emptyTitle'),
          text: t('apiSettings.keys.emptyText'),
          action: createButton('primary'),
        }}
        countText={t('apiSettings.keys.count', { count: keys.length })}
        action={createButton('secondary')}
      >
        {keys.map((key) => (
          <KeyRow key={key.id} apiKey={key} now={now} onRevoke={() => setRevoking(key)} />
        ))}
      </SectionList>
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
