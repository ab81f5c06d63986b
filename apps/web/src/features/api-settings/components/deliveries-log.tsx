import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { RotateCw } from 'lucide-react';
import type { WebhookDelivery } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { formatCount } from '@/lib/format-count';
import { shortDate, shortTime } from '@/lib/format-date';
import { useRedeliver, useWebhookDeliveries } from '../api/webhooks';
import { eventKey } from './event-key';

function Status({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const ok = delivery.outcome === 'succeeded';
  return (
    <span className="flex flex-col">
      <span className={cn('font-medium', ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-danger')}>
        {delivery.statusCode ?? t('apiSettings.deliveries.noAnswer')}
      </span>
      {delivery.error && <span className="text-xs text-text-muted">{delivery.error}</span>}
    </span>
  );
}

/**
 * An endpoint's delivery log, newest attempt first: the event, the receiver's status code (or why
 * there was none), how long it took, which attempt, when, and Redeliver, which queues the same event
 * again (the server sends nothing to an endpoint that is off, so there it waits, saying why). Read
 * again every few seconds while open; on a phone the table scrolls sideways.
 */
export function DeliveriesLog({
  webhookId,
  id,
  enabled,
}: {
  webhookId: string;
  id: string;
  enabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const log = useWebhookDeliveries(webhookId);
  const redeliver = useRedeliver(webhookId);

  const again = (delivery: WebhookDelivery) =>
    redeliver.mutate(delivery.deliveryId, {
      onSuccess: () => toast.success(t('apiSettings.deliveries.redelivered')),
      onError: (error) =>
        toast.error(
          isApiError(error) && error.status === 409
            ? t('apiSettings.deliveries.turnOnFirst')
            : errorMessage(t, error, { fallbackKey: 'apiSettings.deliveries.redeliverFailed' }),
        ),
    });

  let content;
  if (log.isPending)
    content = (
      <p className="flex items-center gap-2 text-text-muted">
        <Spinner /> {t('common.loading')}
      </p>
    );
  else if (log.isError)
    content = (
      <LoadError
        message={t('apiSettings.deliveries.fetchFailed')}
        retryLabel={t('apiSettings.retry')}
        retrying={log.isRefetching}
        onRetry={() => void log.refetch()}
        className="py-4"
      />
    );
  else if (log.data.length === 0)
    content = <p className="text-text-muted">{t('apiSettings.deliveries.empty')}</p>;
  else
    content = (
      <div
        className="relative overflow-x-auto rounded-lg border border-border"
        // Scrolls sideways on a phone: focusable so the keyboard can scroll it too. Positioned, so the
        // header's screen-reader-only text is clipped with the table instead of widening the page.
        tabIndex={0}
        role="region"
        aria-labelledby={`${id}-title`}
      >
        <table className="w-full min-w-[560px] text-left text-[13px]">
          <thead className="bg-surface-muted text-xs text-text-muted">
            <tr>
              <th className="px-3 py-2 font-medium">{t('apiSettings.deliveries.event')}</th>
              <th className="px-3 py-2 font-medium">{t('apiSettings.deliveries.status')}</th>
              <th className="px-3 py-2 text-right font-medium">{t('apiSettings.deliveries.time')}</th>
              <th className="px-3 py-2 text-right font-medium">{t('apiSettings.deliveries.attempt')}</th>
              <th className="px-3 py-2 font-medium">{t('apiSettings.deliveries.when')}</th>
              <th className="px-3 py-2">
                <span className="sr-only">{t('apiSettings.deliveries.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {log.data.map((delivery) => (
              <tr key={delivery.id} data-testid="webhook-delivery" data-outcome={delivery.outcome}>
                <td className="px-3 py-2">
                  <span className="flex flex-col">
                    <span>{t(`apiSettings.events.${eventKey(delivery.event)}`)}</span>
                    <code className="font-mono text-xs break-all text-text-muted">{delivery.event}</code>
                  </span>
                </td>
                <td className="px-3 py-2">
                  <Status delivery={delivery} />
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {delivery.responseMs === null
                    ? '—'
                    : t('apiSettings.deliveries.ms', {
                        value: formatCount(delivery.responseMs, i18n.language),
                      })}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{delivery.attempt}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {shortDate(delivery.at)}, {shortTime(delivery.at)}
                </td>
                <td className="px-3 py-2 text-right">
                  <Button
                    variant="secondary"
                    size="sm"
                    icon={<RotateCw className="size-3.5" aria-hidden />}
                    loading={redeliver.isPending && redeliver.variables === delivery.deliveryId}
                    disabled={!enabled}
                    aria-describedby={enabled ? undefined : `${id}-off`}
                    onClick={() => again(delivery)}
                    aria-label={t('apiSettings.deliveries.redeliverLabel', {
                      event: delivery.event,
                      when: `${shortDate(delivery.at)}, ${shortTime(delivery.at)}`,
                    })}
                  >
                    {t('apiSettings.deliveries.redeliver')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="flex flex-col gap-2">
      <h4 id={`${id}-title`} className="text-[13px] font-semibold">
        {t('apiSettings.deliveries.title')}
      </h4>
      {!enabled && (
        <p id={`${id}-off`} className="text-[13px] text-text-muted">
          {t('apiSettings.deliveries.turnOnFirst')}
        </p>
      )}
      {content}
    </div>
  );
}
