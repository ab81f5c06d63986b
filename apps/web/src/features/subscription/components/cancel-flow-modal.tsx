import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BadgePercent, CalendarX2, PartyPopper } from 'lucide-react';
import type { SubscriptionSummary } from '@redacta/shared';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { useCancelSubscription, useRequestDiscount, type PriceMap } from '../api/billing';
import { longDate } from '../lib/format';
import { retentionOfferWords } from '../lib/retention-offer';
import { FailureNote } from './failure-note';

type Step = 'offer' | 'confirm' | 'cancelled' | 'discounted';

/** Where "go to my account" leads: the subscription overview, which now shows the new state. */
const ACCOUNT_PATH = '/subscription';

/**
 * Cancelling, in three steps: first the retention offer (60 % off three months of the plan, once per
 * workspace — monthly the next 3 invoices, yearly that amount off the next yearly invoice — stated in
 * euros with the invoice it starts on; a plain confirmation when it was already used), then either
 * end — cancelled at the end of the period with nothing more billed, or the discount applied. Each
 * end offers "go to my account". While a request runs the dialog cannot be dismissed.
 */
export function CancelFlowModal({
  summary,
  prices,
  onOpenChange,
}: {
  summary: SubscriptionSummary;
  prices: PriceMap | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(summary.discountUsed ? 'confirm' : 'offer');
  const [periodEnd, setPeriodEnd] = useState(summary.currentPeriodEnd);
  const cancel = useCancelSubscription(summary.workspaceId);
  const discount = useRequestDiscount(summary.workspaceId);
  const pending = cancel.isPending || discount.isPending;
  const offer = retentionOfferWords(summary, prices);
  const date = periodEnd ? longDate(periodEnd) : '';

  const decline = () =>
    cancel.mutate(undefined, {
      onSuccess: (next) => {
        setPeriodEnd(next.currentPeriodEnd);
        setStep('cancelled');
      },
    });
  const accept = () => discount.mutate(undefined, { onSuccess: () => setStep('discounted') });
  const goToAccount = () => {
    onOpenChange(false);
    navigate(ACCOUNT_PATH);
  };

  const content: Record<Step, { icon: typeof CalendarX2; title: string; description: string }> = {
    offer: {
      icon: BadgePercent,
      title: t('subscription.cancelFlow.offerTitle'),
      description: offer.amounts
        ? t('subscription.cancelFlow.offerText', offer)
        : t('subscription.cancelFlow.offerTextNoPrices', offer),
    },
    confirm: {
      icon: CalendarX2,
      title: t('subscription.cancelFlow.confirmTitle'),
      description: t('subscription.cancelFlow.confirmText', { date }),
    },
    cancelled: {
      icon: CalendarX2,
      title: t('subscription.cancelFlow.cancelledTitle'),
      description: t('subscription.cancelFlow.cancelledText', { date }),
    },
    discounted: {
      icon: PartyPopper,
      title: t('subscription.cancelFlow.discountTitle'),
      description: offer.amounts
        ? t('subscription.cancelFlow.discountText', offer)
        : t('subscription.cancelFlow.discountTextNoPrices', offer),
    },
  };
  const { icon: Icon, title, description } = content[step];
  const finished = step === 'cancelled' || step === 'discounted';

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={
        <span className="flex items-center gap-2">
          <Icon className="size-5 shrink-0 text-primary" aria-hidden />
          {title}
        </span>
      }
      description={description}
      closeLabel={t('common.close')}
      footer={
        finished ? (
          <Button onClick={goToAccount}>{t('subscription.cancelFlow.goToAccount')}</Button>
        ) : step === 'offer' ? (
          <>
            <Button variant="secondary" loading={cancel.isPending} disabled={pending} onClick={decline}>
              {t('subscription.cancelFlow.decline')}
            </Button>
            <Button loading={discount.isPending} disabled={pending} onClick={accept}>
              {t('subscription.cancelFlow.accept')}
            </Button>
          </>
        ) : (
          <>
            <ModalClose asChild>
              <Button variant="secondary" disabled={pending}>
                {t('subscription.cancelFlow.keep')}
              </Button>
            </ModalClose>
            <Button variant="danger" loading={cancel.isPending} onClick={decline}>
              {t('subscription.actions.cancel')}
            </Button>
          </>
        )
      }
    >
      {step === 'offer' && offer.amounts && (
        <p className="text-[13px] text-text-muted">{t('subscription.cancelFlow.offerDetail', offer)}</p>
      )}
      {cancel.isError && <FailureNote error={cancel.error} />}
      {discount.isError && <FailureNote error={discount.error} />}
    </Modal>
  );
}
