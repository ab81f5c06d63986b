import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Clock } from 'lucide-react';
import { prices, PRO_INCLUDED_SEATS } from '@redacta/shared/plans';
import { useSession } from '@/features/session';
import { planLabelKey } from '@/features/workspaces';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { UpgradeModal } from '../components/upgrade-modal';

function Usage({
  wordCount,
  limit,
  resetsAt,
}: {
  wordCount: number;
  limit: number | null;
  resetsAt: string;
}) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  const reset = new Date(resetsAt).toLocaleDateString(i18n.language, { day: 'numeric', month: 'long' });
  const percent = limit ? Math.min(100, Math.round((wordCount / limit) * 100)) : 0;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        {limit === null
          ? t('subscription.wordsUnlimited', { used: format.format(wordCount) })
          : t('subscription.wordsUsed', { used: format.format(wordCount), limit: format.format(limit) })}
      </p>
      {limit !== null && (
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(wordCount, limit)}
          aria-label={t('subscription.wordsThisMonth')}
          className="h-2 overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className={cn('h-full rounded-full', percent >= 100 ? 'bg-danger' : 'bg-primary')}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      {limit !== null && (
        <p className="text-xs text-text-muted">{t('subscription.resets', { date: reset })}</p>
      )}
    </div>
  );
}

export default function SubscriptionPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  if (!workspace) return null;
  const usage = workspace.workspaceUsage;
  const free = workspace.plan === 'free';

  const cards = [
    {
      key: 'free',
      title: t('plans.free'),
      price: t('upgrade.price', { value: 0 }),
      features: ['f1', 'f2', 'f3'],
      current: free,
    },
    {
      key: 'pro',
      title: t('plans.pro'),
      price: t('upgrade.price', { value: prices.proYearlyPerMonth }),
      sub: t('subscription.proPriceNote', { monthly: prices.proMonthly, yearly: prices.proYearly }),
      features: ['f1', 'f2', 'f3', 'f4'],
      current: workspace.plan === 'pro_monthly' || workspace.plan === 'pro_yearly',
    },
    {
      key: 'enterprise',
      title: t('plans.enterprise'),
      price: t('subscription.custom'),
      features: ['f1', 'f2', 'f3'],
      current: workspace.plan === 'enterprise',
    },
  ];

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div>
        <h1 className="text-xl font-semibold">{t('subscription.title')}</h1>
        <p className="text-text-muted">{t('subscription.subtitle', { name: workspace.name })}</p>
      </div>
      <section
        aria-labelledby="current-plan"
        className="grid gap-6 rounded-xl border border-border p-4 md:grid-cols-2 md:p-6"
      >
        <div>
          <h2 id="current-plan" className="text-xs font-medium tracking-wide text-text-muted uppercase">
            {t('subscription.currentPlan')}
          </h2>
          <p className="mt-1 text-lg font-semibold">{t(planLabelKey(workspace.plan))}</p>
          {workspace.premiumSubscription && (
            <p className="text-[13px] text-text-muted">
              {t(
                workspace.premiumSubscription.paymentType === 'YEARLY' ? 'upgrade.yearly' : 'upgrade.monthly',
              )}
              {workspace.cancelAtPeriodEnd && ` · ${t('subscription.cancelsAtPeriodEnd')}`}
            </p>
          )}
          {free && (
            <Button className="mt-4" onClick={() => setUpgradeOpen(true)}>
              {t('sidebar.upgrade')}
            </Button>
          )}
        </div>
        <div>
          <h2 className="mb-2 text-xs font-medium tracking-wide text-text-muted uppercase">
            {t('subscription.wordsThisMonth')}
          </h2>
          <Usage wordCount={usage.wordCount} limit={usage.limit} resetsAt={usage.resetsAt} />
        </div>
      </section>
      <section aria-labelledby="plans-title" className="flex flex-col gap-4">
        <h2 id="plans-title" className="font-semibold">
          {t('subscription.plans')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {cards.map((card) => (
            <li
              key={card.key}
              className={cn(
                'flex flex-col gap-3 rounded-xl border p-5',
                card.current ? 'border-primary ring-1 ring-primary' : 'border-border',
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">{card.title}</h3>
                {card.current && (
                  <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
                    {t('subscription.current')}
                  </span>
                )}
              </div>
              <p>
                <span className="text-2xl font-semibold">{card.price}</span>
                {card.key !== 'enterprise' && (
                  <span className="text-text-muted"> {t('upgrade.perMonth')}</span>
                )}
              </p>
              {card.sub && <p className="-mt-2 text-xs text-text-muted">{card.sub}</p>}
              <ul className="flex flex-col gap-2 text-[13px]">
                {card.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    {t(`subscription.features.${card.key}.${feature}`, { seats: PRO_INCLUDED_SEATS })}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="flex items-start gap-2 rounded-lg bg-primary-soft p-3 text-[13px]" role="note">
          <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t('upgrade.comingSoon')}
        </p>
      </section>
      <UpgradeModal open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </div>
  );
}
