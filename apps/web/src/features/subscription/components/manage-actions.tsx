import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { SubscriptionSummary } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { useResumeSubscription, type PriceMap } from '../api/billing';
import type { Portal } from '../hooks/use-portal';
import { euros, longDate, yearlySavingPercent } from '../lib/format';
import { CancelFlowModal } from './cancel-flow-modal';
import { FailureNote } from './failure-note';
import { YearlyUpgradeDialog } from './yearly-upgrade-dialog';

/** One action: what it does or costs on the left, its button on the right (stacked on a phone). */
function ActionRow({ hint, action }: { hint: ReactNode; action: ReactNode }) {
  return (
    <li className="flex flex-col items-start gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0 text-[13px] text-text-muted">{hint}</div>
      <div className="shrink-0">{action}</div>
    </li>
  );
}

/**
 * What the owner of a Pro workspace can do: switch a monthly plan to yearly (saying what it costs),
 * open the payment details (Stripe's portal: the sandbox has no invoices or cards to show), and
 * cancel — or resume a cancellation before the period ends.
 */
export function ManageActions({
  summary,
  prices,
  pricesFailed,
  portal,
}: {
  summary: SubscriptionSummary;
  prices: PriceMap | undefined;
  pricesFailed: boolean;
  portal: Portal;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'yearly' | 'cancel' | null>(null);
  const resume = useResumeSubscription(summary.workspaceId);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const canSwitchToYearly = summary.paymentType === 'MONTHLY' && !summary.cancelAtPeriodEnd;

  return (
    <>
      <ul className="divide-y divide-border">
        {canSwitchToYearly && (
          <ActionRow
            hint={
              prices
                ? t('subscription.actions.upgradeYearlyCost', {
                    yearly: euros(prices.proYearly),
                    monthly: euros(prices.proMonthly),
                    percent: yearlySavingPercent(prices),
                  })
                : pricesFailed
                  ? t('errors.PRICES_UNAVAILABLE')
                  : t('upgrade.pricesLoading')
            }
            action={
              <Button variant="secondary" disabled={!prices} onClick={() => setDialog('yearly')}>
                {t('subscription.actions.upgradeYearly')}
              </Button>
            }
          />
        )}
        {summary.billingMode === 'stripe' && (
          <ActionRow
            hint={
              portal.failed ? (
                <span role="status">{t('subscription.actions.portalUnavailable')}</span>
              ) : (
                t('subscription.actions.paymentInfoHint')
              )
            }
            action={
              <Button variant="secondary" loading={portal.opening} onClick={portal.open}>
                {t('subscription.actions.paymentInfo')}
              </Button>
            }
          />
        )}
        {summary.cancelAtPeriodEnd ? (
          <ActionRow
            hint={t('subscription.actions.resumeHint', {
              date: summary.currentPeriodEnd ? longDate(summary.currentPeriodEnd) : '',
            })}
            action={
              <Button
                loading={resume.isPending}
                onClick={() =>
                  resume.mutate(undefined, {
                    onSuccess: () => toast.success(t('subscription.actions.resumed')),
                  })
                }
              >
                {t('subscription.actions.resume')}
              </Button>
            }
          />
        ) : (
          <ActionRow
            hint={t('subscription.actions.cancelHint')}
            action={
              <Button variant="secondary" onClick={() => setDialog('cancel')}>
                {t('subscription.actions.cancel')}
              </Button>
            }
          />
        )}
      </ul>
      {resume.isError && <FailureNote error={resume.error} />}
      {dialog === 'yearly' && prices && (
        <YearlyUpgradeDialog summary={summary} prices={prices} onOpenChange={close} />
      )}
      {dialog === 'cancel' && <CancelFlowModal summary={summary} prices={prices} onOpenChange={close} />}
    </>
  );
}
