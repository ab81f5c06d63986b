import { useTranslation } from 'react-i18next';
import { AlertTriangle, Info } from 'lucide-react';
import type { SubscriptionSummary } from '@redacta/shared';
import { isProPlan } from '@redacta/shared/plans';
import { planLabelKey } from '@/features/workspaces';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { PriceMap } from '../api/billing';
import type { Portal } from '../hooks/use-portal';
import { longDate } from '../lib/format';
import { retentionOfferWords } from '../lib/retention-offer';

/** The payment could not be collected: Stripe is retrying, and the plan ends if it keeps failing. */
const isPastDue = (summary: SubscriptionSummary) =>
  summary.status === 'past_due' || summary.status === 'unpaid';

function StatusBadge({ summary }: { summary: SubscriptionSummary }) {
  const { t } = useTranslation();
  if (!isProPlan(summary.plan)) return null;
  const [key, tone] = isPastDue(summary)
    ? (['pastDue', 'bg-danger/10 text-danger'] as const)
    : summary.cancelAtPeriodEnd
      ? (['cancelling', 'bg-warning/15 text-amber-800 dark:text-amber-300'] as const)
      : (['active', 'bg-success/10 text-emerald-800 dark:text-emerald-300'] as const);
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', tone)}>
      {t(`subscription.status.${key}`)}
    </span>
  );
}

/** The retention discount running now: what it takes off which invoices, in euros once prices are known. */
function RunningDiscount({
  summary,
  prices,
}: {
  summary: SubscriptionSummary;
  prices: PriceMap | undefined;
}) {
  const { t } = useTranslation();
  const words = retentionOfferWords(summary, prices);
  return (
    <p className="text-sm text-primary" data-testid="plan-discount">
      {words.amounts ? t('subscription.discount', words) : t('subscription.discountNoPrices', words)}
    </p>
  );
}

/**
 * The current plan: its name and state, the billing period, when it renews or ends, a running
 * discount, and — when a payment failed — what to do about it (the owner fixes it in the payment
 * portal). Who may not manage billing reads why there is nothing to do here.
 */
export function PlanOverview({
  summary,
  prices,
  portal,
  onUpgrade,
}: {
  summary: SubscriptionSummary;
  prices: PriceMap | undefined;
  portal: Portal;
  onUpgrade: () => void;
}) {
  const { t } = useTranslation();
  const pro = isProPlan(summary.plan);
  const manages = summary.canManage && summary.billingMode !== 'off';
  const end = summary.currentPeriodEnd ? longDate(summary.currentPeriodEnd) : null;

  return (
    <div className="flex flex-col gap-3">
      <div>
        <h2 id="current-plan" className="text-xs font-medium tracking-wide text-text-muted uppercase">
          {t('subscription.currentPlan')}
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold" data-testid="plan-label">
            {t(planLabelKey(summary.plan))}
          </span>
          <StatusBadge summary={summary} />
        </p>
        {pro && summary.paymentType && (
          <p className="text-[13px] text-text-muted">{t(`subscription.period.${summary.paymentType}`)}</p>
        )}
        {pro && end && (
          <p className="text-sm" data-testid="plan-period-end">
            {summary.cancelAtPeriodEnd
              ? t('subscription.cancelsOn', { date: end })
              : t('subscription.renews', { date: end })}
          </p>
        )}
        {summary.discountEndsAt && <RunningDiscount summary={summary} prices={prices} />}
      </div>

      {pro && isPastDue(summary) && (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-[13px]">
          <p className="flex items-start gap-2 font-semibold text-danger">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('subscription.pastDue.title')}
          </p>
          <p>{t(manages ? 'subscription.pastDue.owner' : 'subscription.pastDue.member')}</p>
          {manages && summary.billingMode === 'stripe' && (
            <Button size="sm" loading={portal.opening} onClick={portal.open}>
              {t('subscription.pastDue.fix')}
            </Button>
          )}
        </div>
      )}

      {summary.plan === 'free' && manages && (
        <div>
          <Button onClick={onUpgrade}>{t('sidebar.upgrade')}</Button>
        </div>
      )}

      {(summary.billingMode === 'off' || !summary.canManage || summary.plan === 'enterprise') && (
        <p className="flex items-start gap-2 rounded-lg bg-primary-soft p-3 text-[13px]" role="note">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {!summary.canManage
            ? t('subscription.memberNote')
            : summary.billingMode === 'off'
              ? t('upgrade.askAdministrator')
              : t('subscription.enterpriseNote')}
        </p>
      )}
    </div>
  );
}
