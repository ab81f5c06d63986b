import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertTriangle,
  ChevronDown,
  Pencil,
  Power,
  RefreshCw,
  Trash2,
  Webhook as WebhookIcon,
} from 'lucide-react';
import type { Webhook } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Menu, MenuItem, MenuSeparator, MoreButton } from '@/components/ui/menu';
import { cn } from '@/components/ui/cn';
import { shortDate, shortTime } from '@/lib/format-date';
import { DeliveriesLog } from './deliveries-log';
import { eventKey } from './event-key';

export type WebhookAction = 'edit' | 'toggle' | 'rotate' | 'delete';

/**
 * An endpoint's "⋯" button, where the focus goes back after its new secret is shown (marked by a
 * data attribute: its id is the menu's, which names the menu).
 */
export const webhookMenuButton = (webhookId: string) =>
  document.querySelector<HTMLElement>(`[data-webhook-menu="${webhookId}"]`);

/** On, off by a person, or off by the server after repeated failures. */
function State({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const state = webhook.enabled ? 'on' : webhook.disabledReason === 'failures' ? 'failing' : 'off';
  return (
    <span
      data-testid="webhook-state"
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium',
        state === 'on' && 'bg-success/15 text-emerald-800 dark:text-emerald-300',
        state === 'off' && 'bg-surface-muted text-text-muted',
        state === 'failing' && 'bg-danger/10 text-danger',
      )}
    >
      <span className={cn('size-1.5 rounded-full bg-current')} aria-hidden />
      {t(`apiSettings.webhooks.state.${state}`)}
    </span>
  );
}

/**
 * One endpoint: its address, state (turned off after failures says why and how to turn it back
 * on), events, secret's start and last delivery; its "⋯" menu (edit, turn on or off, new secret,
 * delete) and the delivery log, shown on demand.
 */
export function WebhookRow({
  webhook,
  busy,
  onAction,
}: {
  webhook: Webhook;
  busy: boolean;
  onAction: (action: WebhookAction) => void;
}) {
  const { t } = useTranslation();
  const [showLog, setShowLog] = useState(false);
  const titleId = `webhook-${webhook.id}`;
  const failing = !webhook.enabled && webhook.disabledReason === 'failures';
  return (
    <li aria-labelledby={titleId} data-testid="webhook" className="flex flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-text-muted max-sm:hidden">
          <WebhookIcon className="size-4" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 id={titleId} className="min-w-0 font-mono text-sm font-medium break-all">
              {webhook.url}
            </h3>
            <State webhook={webhook} />
          </div>
          <ul className="flex flex-wrap gap-1.5" aria-label={t('apiSettings.webhooks.eventsLabel')}>
            {webhook.events.map((event) => (
              <li
                key={event}
                className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary"
              >
                {t(`apiSettings.events.${eventKey(event)}`)}
              </li>
            ))}
          </ul>
          <p className="text-xs text-text-muted">
            {t('apiSettings.webhooks.secretStart', { prefix: webhook.secretPrefix })} ·{' '}
            {webhook.lastDeliveryAt
              ? t('apiSettings.webhooks.lastDelivery', {
                  when: `${shortDate(webhook.lastDeliveryAt)}, ${shortTime(webhook.lastDeliveryAt)}`,
                })
              : t('apiSettings.webhooks.noDelivery')}
          </p>
        </div>
        <Menu
          trigger={
            <MoreButton
              data-webhook-menu={webhook.id}
              label={t('apiSettings.webhooks.menu', { url: webhook.url })}
              className="-m-1 shrink-0"
              disabled={busy}
            />
          }
        >
          <MenuItem icon={<Pencil className="size-4" aria-hidden />} onSelect={() => onAction('edit')}>
            {t('apiSettings.webhooks.edit')}
          </MenuItem>
          <MenuItem icon={<Power className="size-4" aria-hidden />} onSelect={() => onAction('toggle')}>
            {t(webhook.enabled ? 'apiSettings.webhooks.disable' : 'apiSettings.webhooks.enable')}
          </MenuItem>
          <MenuItem icon={<RefreshCw className="size-4" aria-hidden />} onSelect={() => onAction('rotate')}>
            {t('apiSettings.webhooks.rotate.action')}
          </MenuItem>
          <MenuSeparator />
          <MenuItem
            icon={<Trash2 className="size-4" aria-hidden />}
            destructive
            onSelect={() => onAction('delete')}
          >
            {t('apiSettings.webhooks.delete.action')}
          </MenuItem>
        </Menu>
      </div>
      {failing && (
        <div className="flex flex-col gap-2 rounded-lg bg-danger/10 px-3 py-2.5 text-sm sm:flex-row sm:items-center">
          <p className="flex flex-1 items-start gap-2 text-danger">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('apiSettings.webhooks.failingText')}
          </p>
          <Button variant="secondary" size="sm" loading={busy} onClick={() => onAction('toggle')}>
            {t('apiSettings.webhooks.enable')}
          </Button>
        </div>
      )}
      <div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showLog}
          aria-controls={`${titleId}-log`}
          onClick={() => setShowLog((shown) => !shown)}
          icon={<ChevronDown className={cn('size-4', showLog && 'rotate-180')} aria-hidden />}
        >
          {t(showLog ? 'apiSettings.deliveries.hide' : 'apiSettings.deliveries.show')}
        </Button>
      </div>
      <div id={`${titleId}-log`} hidden={!showLog}>
        {showLog && <DeliveriesLog webhookId={webhook.id} id={`${titleId}-log`} enabled={webhook.enabled} />}
      </div>
    </li>
  );
}
