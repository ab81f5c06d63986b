import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { SubscriptionSummary } from '@redacta/shared';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { useUpgradeToYearly, type PriceMap } from '../api/billing';
import { euros } from '../lib/format';
import { FailureNote } from './failure-note';
import { SandboxLabel } from './sandbox-label';

/**
 * Monthly to yearly: what it will cost (Pro and any extra seats at their yearly price) and that the
 * difference is charged today, prorated; then the swap.
 */
export function YearlyUpgradeDialog({
  summary,
  prices,
  onOpenChange,
}: {
  summary: SubscriptionSummary;
  prices: PriceMap;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const upgrade = useUpgradeToYearly(summary.workspaceId);
  const confirm = () =>
    upgrade.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('subscription.yearly.done'));
        onOpenChange(false);
      },
    });
  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!upgrade.isPending) onOpenChange(next);
      }}
      title={t('subscription.yearly.title')}
      description={t('subscription.yearly.text', {
        yearly: euros(prices.proYearly),
        perMonth: euros(prices.proYearly / 12),
        monthly: euros(prices.proMonthly),
      })}
      closeLabel={t('common.close')}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={upgrade.isPending}>
              {t('common.cancel')}
            </Button>
          </ModalClose>
          <Button loading={upgrade.isPending} onClick={confirm}>
            {t('subscription.yearly.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-start gap-2 text-sm">
        {summary.billingMode === 'sandbox' && <SandboxLabel />}
        {summary.extraSeats > 0 && (
          <p>
            {t('subscription.yearly.seats', {
              count: summary.extraSeats,
              price: euros(prices.additionalSeatYearly),
            })}
          </p>
        )}
        <p className="text-text-muted">{t('subscription.yearly.proration')}</p>
      </div>
      {upgrade.isError && <FailureNote error={upgrade.error} />}
    </Modal>
  );
}
