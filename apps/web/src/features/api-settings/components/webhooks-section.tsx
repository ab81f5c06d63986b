import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Plus, Webhook as WebhookIcon } from 'lucide-react';
import type { Webhook } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook, useWebhooks } from '../api/webhooks';
import { SectionList } from './section-list';
import { SecretOnce } from './secret-once';
import { WebhookFormModal, type WebhookFormTarget } from './webhook-form-modal';
import { webhookMenuButton, WebhookRow, type WebhookAction } from './webhook-row';

type Confirming = { action: 'rotate' | 'delete'; webhook: Webhook };

/**
 * The workspace's webhook endpoints (its owner's): the list with each one's state and delivery log,
 * adding one (its secret shown once), changing its address and events, turning it on or off, a new
 * secret and deleting it, each destructive step after a confirmation.
 */
export function WebhooksSection({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const list = useWebhooks(workspaceId);
  const update = useUpdateWebhook(workspaceId);
  const remove = useDeleteWebhook(workspaceId);
  const rotate = useRotateWebhookSecret(workspaceId);
  const [form, setForm] = useState<WebhookFormTarget | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  // The endpoint whose secret was last rotated: its "⋯" button takes the focus back after.
  const rotated = useRef<string | null>(null);
  const webhooks = list.data ?? [];

  const toggle = (webhook: Webhook) =>
    update.mutate(
      { id: webhook.id, body: { enabled: !webhook.enabled } },
      {
        onSuccess: () =>
          toast.success(
            t(webhook.enabled ? 'apiSettings.webhooks.disabled' : 'apiSettings.webhooks.enabled'),
          ),
        onError: (error) =>
          toast.error(errorMessage(t, error, { fallbackKey: 'apiSettings.webhooks.saveFailed' })),
      },
    );

  const act = (webhook: Webhook, action: WebhookAction) => {
    if (action === 'edit') setForm({ mode: 'edit', webhook });
    else if (action === 'toggle') toggle(webhook);
    else setConfirming({ action, webhook });
  };

  const confirm = ({ action, webhook }: Confirming) => {
    if (action === 'delete')
      remove.mutate(webhook.id, {
        onSuccess: () => {
          setConfirming(null);
          toast.success(t('apiSettings.webhooks.delete.done'));
        },
        onError: (error) =>
          toast.error(errorMessage(t, error, { fallbackKey: 'apiSettings.webhooks.delete.failed' })),
      });
    else
      rotate.mutate(webhook.id, {
        onSuccess: ({ secret }) => {
          setConfirming(null);
          rotated.current = webhook.id;
          setNewSecret(secret);
        },
        onError: (error) =>
          toast.error(errorMessage(t, error, { fallbackKey: 'apiSettings.webhooks.rotate.failed' })),
      });
  };

  const addButton = (variant: 'primary' | 'secondary') => (
    <Button
      variant={variant}
      icon={<Plus className="size-4" aria-hidden />}
      onClick={() => setForm({ mode: 'create' })}
    >
      {t('apiSettings.webhooks.add')}
    </Button>
  );

  const pending = remove.isPending || rotate.isPending;
  return (
    <SettingsSection
      id="webhooks"
      title={t('apiSettings.webhooks.title')}
      description={t('apiSettings.webhooks.help')}
    >
      <SectionList
        query={list}
        count={webhooks.length}
        label={t('apiSettings.webhooks.title')}
        failedText={t('apiSettings.webhooks.fetchFailed')}
        empty={{
          icon: <WebhookIcon className="size-5" aria-hidden />,
          title: t('apiSettings.webhooks.emptyTitle'),
          text: t('apiSettings.webhooks.emptyText'),
          action: addButton('secondary'),
        }}
        countText={t('apiSettings.webhooks.count', { count: webhooks.length })}
        action={addButton('secondary')}
      >
        {webhooks.map((webhook) => (
          <WebhookRow
            key={webhook.id}
            webhook={webhook}
            busy={update.isPending && update.variables?.id === webhook.id}
            onAction={(action) => act(webhook, action)}
          />
        ))}
      </SectionList>
      {form && <WebhookFormModal target={form} onClose={() => setForm(null)} workspaceId={workspaceId} />}
      {confirming && (
        <ConfirmDialog
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={t(`apiSettings.webhooks.${confirming.action}.title`)}
          description={t(`apiSettings.webhooks.${confirming.action}.text`, { url: confirming.webhook.url })}
          confirmLabel={t(`apiSettings.webhooks.${confirming.action}.confirm`)}
          pending={pending}
          onConfirm={() => confirm(confirming)}
        />
      )}
      <Modal
        open={newSecret !== null}
        onOpenChange={(open) => !open && setNewSecret(null)}
        title={t('apiSettings.webhooks.secret.title')}
        description={t('apiSettings.webhooks.secret.rotatedText')}
        closeLabel={t('common.close')}
        keepOnOutsideClick
        // It opens as the confirmation closes, so what had the focus then is gone.
        returnFocusFallback={() => (rotated.current ? webhookMenuButton(rotated.current) : null)}
      >
        {newSecret && (
          <SecretOnce
            value={newSecret}
            label={t('apiSettings.webhooks.secret.label')}
            warning={t('apiSettings.webhooks.secret.once')}
            doneLabel={t('apiSettings.webhooks.secret.done')}
            onDone={() => setNewSecret(null)}
          />
        )}
      </Modal>
    </SettingsSection>
  );
}
