import { useTranslation } from 'react-i18next';
import { Check, Mail } from 'lucide-react';
import { PRO_INCLUDED_SEATS, type Plan } from '@redacta/shared/plans';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { PriceMap } from '../api/billing';
import { euros } from '../lib/format';

/**
 * The three plans side by side, the current one marked; Pro's prices as the server gives them. The
 * Enterprise plan is agreed in person: its card offers to write to the address the operator
 * configured, when there is one.
 */
export function PlanCards({
  plan,
  prices,
  enterpriseContactEmail,
}: {
  plan: Plan;
  prices: PriceMap | undefined;
  enterpriseContactEmail: string | null;
}) {
  const { t } = useTranslation();
  const cards = [
    {
      key: 'free',
      title: t('plans.free'),
      price: t('upgrade.price', { value: 0 }),
      features: ['f1', 'f2', 'f3'],
    },
    {
      key: 'pro',
      title: t('plans.pro'),
      price: prices ? t('upgrade.price', { value: euros(prices.proYearly / 12) }) : null,
      note: prices
        ? t('subscription.proPriceNote', {
            monthly: euros(prices.proMonthly),
            yearly: euros(prices.proYearly),
          })
        : null,
      features: ['f1', 'f2', 'f3', 'f4'],
    },
    {
      key: 'enterprise',
      title: t('plans.enterprise'),
      price: t('subscription.custom'),
      features: ['f1', 'f2', 'f3'],
    },
  ];
  const current = plan === 'free' ? 'free' : plan === 'enterprise' ? 'enterprise' : 'pro';
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {cards.map((card) => (
        <li
          key={card.key}
          className={cn(
            'flex flex-col gap-3 rounded-xl border p-5',
            card.key === current ? 'border-primary ring-1 ring-primary' : 'border-border',
          )}
        >
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-semibold">{card.title}</h3>
            {card.key === current && (
              <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
                {t('subscription.current')}
              </span>
            )}
          </div>
          {card.price && (
            <p>
              <span className="text-2xl font-semibold">{card.price}</span>
              {card.key !== 'enterprise' && <span className="text-text-muted"> {t('upgrade.perMonth')}</span>}
            </p>
          )}
          {card.note && <p className="-mt-2 text-xs text-text-muted">{card.note}</p>}
          <ul className="flex flex-col gap-2 text-[13px]">
            {card.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                {t(`subscription.features.${card.key}.${feature}`, { seats: PRO_INCLUDED_SEATS })}
              </li>
            ))}
          </ul>
          {card.key === 'enterprise' && enterpriseContactEmail && (
            <a
              href={`mailto:${enterpriseContactEmail}?subject=${encodeURIComponent(t('plans.enterprise'))}`}
              className={buttonClasses('secondary', 'md', 'mt-auto self-start')}
            >
              <Mail className="size-4" aria-hidden />
              {t('subscription.contactSales')}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
