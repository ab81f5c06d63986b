import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Clock } from 'lucide-react';
import { prices } from '@redacta/shared/plans';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

type Billing = 'yearly' | 'monthly';

/**
 * The Pro plan's prices and features, opening on the yearly tab (prices in docs/product.md, "Plans and
 * the word allowance"). Pro cannot be bought online yet, so the modal says so plainly instead of
 * offering a checkout button that would do nothing.
 */
export function UpgradeModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [billing, setBilling] = useState<Billing>('yearly');
  const perMonth = billing === 'yearly' ? prices.proYearlyPerMonth : prices.proMonthly;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setBilling('yearly');
        onOpenChange(next);
      }}
      title={t('upgrade.title')}
      description={t('upgrade.description')}
      closeLabel={t('common.close')}
      footer={
        <ModalClose asChild>
          <Button variant="secondary">{t('common.close')}</Button>
        </ModalClose>
      }
    >
      <div
        role="tablist"
        aria-label={t('upgrade.billingLabel')}
        className="mb-4 grid grid-cols-2 gap-1 rounded-lg bg-surface-muted p-1"
      >
        {(['yearly', 'monthly'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`upgrade-tab-${value}`}
            aria-selected={billing === value}
            aria-controls="upgrade-panel"
            onClick={() => setBilling(value)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              billing === value ? 'bg-surface text-text shadow-sm' : 'text-text-muted hover:text-text',
            )}
          >
            {t(`upgrade.${value}`)}
            {value === 'yearly' && (
              <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-[11px] text-primary">
                {t('upgrade.save', { percent: prices.yearlySavingPercent })}
              </span>
            )}
          </button>
        ))}
      </div>
      <div
        id="upgrade-panel"
        role="tabpanel"
        aria-labelledby={`upgrade-tab-${billing}`}
        className="rounded-lg border border-border p-4"
      >
        <p className="text-sm font-semibold text-primary">{t('plans.pro')}</p>
        <p className="mt-1 flex items-baseline gap-1">
          <span className="text-3xl font-semibold">{t('upgrade.price', { value: perMonth })}</span>
          <span className="text-text-muted">{t('upgrade.perMonth')}</span>
        </p>
        <p className="mt-1 text-[13px] text-text-muted">
          {billing === 'yearly'
            ? t('upgrade.billedYearly', { value: prices.proYearly })
            : t('upgrade.billedMonthly')}
        </p>
        <ul className="mt-4 flex flex-col gap-2 text-sm">
          {(['unlimitedWords', 'seats', 'gpt4', 'brandVoices'] as const).map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              {t(`upgrade.features.${feature}`, { seats: 3 })}
            </li>
          ))}
        </ul>
      </div>
      <p
        className="mt-4 flex items-start gap-2 rounded-lg bg-primary-soft p-3 text-[13px] text-text"
        role="note"
      >
        <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        {t('upgrade.comingSoon')}
      </p>
    </Modal>
  );
}
