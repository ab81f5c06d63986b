import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Minus, Plus } from 'lucide-react';
import type { SubscriptionSummary } from '@redacta/shared';
import { checkSeatCount, SEAT_COUNTER, stepSeatCount } from '@redacta/shared/rules/seats';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/error-message';
import { useBuySeats, type PriceMap } from '../api/billing';
import { euros } from '../lib/format';
import { SandboxLabel } from './sandbox-label';

/**
 * Buying extra seats: a counter from 1 to 99 (default 1), the price of one seat for the
 * subscription's billing period and the total. What is typed is never changed into another number:
 * anything but 1 to 99 is refused with the reason and the button stays disabled, so the button
 * always names the seats it buys and their price. The seats are invoiced at once, prorated; a failure
 * keeps the dialog open with the reason.
 */
export function AddSeatsModal({
  summary,
  prices,
  workspaceName,
  onOpenChange,
}: {
  summary: SubscriptionSummary;
  prices: PriceMap;
  workspaceName: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(String(SEAT_COUNTER.default));
  const buy = useBuySeats(summary.workspaceId);
  const checked = checkSeatCount(text);
  const count = checked.ok ? checked.count : null;
  const period = summary.paymentType ?? 'MONTHLY';
  const unit = period === 'YEARLY' ? prices.additionalSeatYearly : prices.additionalSeatMonthly;
  const problemId = `${inputId}-problem`;

  // From a refused value the buttons start again from the nearest count the counter allows.
  const base = count ?? (checked.ok === false && checked.problem === 'tooMany' ? SEAT_COUNTER.max : 0);
  const step = (delta: number) => setText(String(stepSeatCount(base, delta)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (count === null || buy.isPending) return;
    buy.mutate(count, {
      onSuccess: () => {
        toast.success(t('subscription.seatsModal.added', { count }));
        onOpenChange(false);
      },
      onError: (error) =>
        toast.error(t('subscription.seatsModal.failed', { reason: errorMessage(t, error) })),
    });
  };

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!buy.isPending) onOpenChange(next);
      }}
      title={t('subscription.seats.add')}
      description={t('subscription.seatsModal.description', { workspace: workspaceName })}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        {summary.billingMode === 'sandbox' && <SandboxLabel className="self-start" />}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-[13px] font-medium">
            {t('subscription.seatsModal.count')}
          </label>
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              className="w-9 px-0"
              aria-label={t('subscription.seatsModal.decrease')}
              title={t('subscription.seatsModal.decrease')}
              disabled={base <= SEAT_COUNTER.min}
              onClick={() => step(-1)}
            >
              <Minus className="size-4" aria-hidden />
            </Button>
            <div className="w-16">
              <input
                id={inputId}
                inputMode="numeric"
                autoComplete="off"
                value={text}
                aria-invalid={count === null || undefined}
                aria-describedby={count === null ? problemId : `${inputId}-range`}
                onChange={(event) => setText(event.target.value)}
                className={cn(fieldClasses, 'h-9 text-center tabular-nums')}
              />
            </div>
            <Button
              variant="secondary"
              className="w-9 px-0"
              aria-label={t('subscription.seatsModal.increase')}
              title={t('subscription.seatsModal.increase')}
              disabled={base >= SEAT_COUNTER.max}
              onClick={() => step(1)}
            >
              <Plus className="size-4" aria-hidden />
            </Button>
          </div>
          {checked.ok ? (
            <p id={`${inputId}-range`} className="text-xs text-text-muted">
              {t('subscription.seatsModal.range', { min: SEAT_COUNTER.min, max: SEAT_COUNTER.max })}
            </p>
          ) : (
            <p id={problemId} className="text-xs text-danger" data-testid="seats-problem">
              {t(`subscription.seatsModal.problem.${checked.problem}`, {
                min: SEAT_COUNTER.min,
                max: SEAT_COUNTER.max,
              })}
            </p>
          )}
        </div>
        <div className="rounded-lg bg-surface-muted p-3 text-[13px]">
          <p>{t('subscription.seatsModal.unit', { context: period, price: euros(unit) })}</p>
          {count !== null && (
            <p className="font-semibold" aria-live="polite">
              {t('subscription.seatsModal.total', { context: period, total: euros(unit * count) })}
            </p>
          )}
          <p className="mt-1 text-text-muted">{t('subscription.seatsModal.proration')}</p>
        </div>
        {buy.isError && (
          <div role="alert" className="rounded-lg bg-danger/10 p-3 text-[13px] text-danger">
            <p className="font-medium">{t('subscription.seatsModal.failedTitle')}</p>
            <p>{errorMessage(t, buy.error)}</p>
          </div>
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <ModalClose asChild>
            <Button variant="secondary" disabled={buy.isPending}>
              {t('common.cancel')}
            </Button>
          </ModalClose>
          <Button type="submit" loading={buy.isPending} disabled={count === null}>
            {count === null
              ? t('subscription.seats.add')
              : t('subscription.seatsModal.submit', {
                  context: period,
                  count,
                  total: euros(unit * count),
                })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
