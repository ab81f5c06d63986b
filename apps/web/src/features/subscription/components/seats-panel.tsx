import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { SubscriptionSummary } from '@redacta/shared';
import { isProPlan, PRO_INCLUDED_SEATS } from '@redacta/shared/plans';
import { Button } from '@/components/ui/button';
import type { PriceMap } from '../api/billing';
import { AddSeatsModal } from './add-seats-modal';

/**
 * Seats besides the owner: taken (members and pending invitations) of the plan's total, what Pro
 * includes and what was bought; the owner of a Pro workspace adds more here.
 */
export function SeatsPanel({
  summary,
  prices,
  workspaceName,
}: {
  summary: SubscriptionSummary;
  prices: PriceMap | undefined;
  workspaceName: string;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const pro = isProPlan(summary.plan);
  const canAdd = pro && summary.canManage && summary.billingMode !== 'off' && !summary.cancelAtPeriodEnd;

  if (summary.plan === 'free')
    return <p className="text-sm text-text-muted">{t('subscription.seats.free')}</p>;
  return (
    <div className="flex flex-col items-start gap-3">
      <div>
        <p className="text-sm font-medium" data-testid="seats-used">
          {t('subscription.seats.used', { used: summary.seatsUsed, total: summary.userSeats })}
        </p>
        {pro && (
          <p className="text-[13px] text-text-muted">
            {t('subscription.seats.breakdown', { included: PRO_INCLUDED_SEATS, count: summary.extraSeats })}
          </p>
        )}
      </div>
      {canAdd && (
        <Button
          variant="secondary"
          icon={<Plus className="size-4" aria-hidden />}
          disabled={!prices}
          onClick={() => setAdding(true)}
        >
          {t('subscription.seats.add')}
        </Button>
      )}
      {adding && prices && (
        <AddSeatsModal
          summary={summary}
          prices={prices}
          workspaceName={workspaceName}
          onOpenChange={(open) => setAdding(open)}
        />
      )}
    </div>
  );
}
