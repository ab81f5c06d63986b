import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isProPlan } from '@redacta/shared/plans';
import { useSession } from '@/features/session';
import { LoadError } from '@/components/ui/load-error';
import { usePrices, useSubscriptionSummary } from '../api/billing';
import { useStorageUsage } from '../api/storage';
import { usePortal } from '../hooks/use-portal';
import { ManageActions } from '../components/manage-actions';
import { PlanCards } from '../components/plan-cards';
import { PlanOverview } from '../components/plan-overview';
import { SandboxLabel } from '../components/sandbox-label';
import { SeatsPanel } from '../components/seats-panel';
import { StorageUsage } from '../components/storage-usage';
import { UpgradeModal } from '../components/upgrade-modal';
import { WordUsage } from '../components/word-usage';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-border p-4 md:p-6">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SummarySkeleton() {
  return (
    <div className="grid gap-6 md:grid-cols-2" aria-hidden data-testid="subscription-skeleton">
      {[0, 1].map((key) => (
        <div key={key} className="h-36 animate-pulse rounded-xl bg-surface-muted" />
      ))}
    </div>
  );
}

/**
 * /subscription: the workspace's plan and what its owner can do with it — upgrade, seats, yearly
 * billing, payment details, cancel or resume — with this month's words, the storage used and the
 * plans compared.
 * Members see the same facts without the actions.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const summary = useSubscriptionSummary(workspace?.id ?? '', !!workspace);
  const prices = usePrices();
  const storage = useStorageUsage(workspace?.id ?? '', !!workspace);
  const portal = usePortal(workspace?.id ?? '');
  if (!workspace) return null;
  const data = summary.data;
  const manages = data && data.canManage && data.billingMode !== 'off' && isProPlan(data.plan);

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold">{t('subscription.title')}</h1>
          <p className="text-text-muted">{t('subscription.subtitle', { name: workspace.name })}</p>
        </div>
        {data?.billingMode === 'sandbox' && <SandboxLabel />}
      </div>

      {summary.isError ? (
        <LoadError
          className="rounded-xl border border-border p-6"
          message={t('subscription.loadFailed')}
          retryLabel={t('subscription.retry')}
          retrying={summary.isFetching}
          onRetry={() => void summary.refetch()}
        />
      ) : !data ? (
        <SummarySkeleton />
      ) : (
        <>
          <section
            aria-labelledby="current-plan"
            className="grid gap-6 rounded-xl border border-border p-4 md:grid-cols-2 md:p-6"
          >
            <PlanOverview
              summary={data}
              prices={prices.data}
              portal={portal}
              onUpgrade={() => setUpgradeOpen(true)}
            />
            <div>
              <h2 className="mb-2 text-xs font-medium tracking-wide text-text-muted uppercase">
                {t('subscription.wordsThisMonth')}
              </h2>
              <WordUsage usage={workspace.workspaceUsage} />
              {storage.data && (
                <>
                  <h2 className="mt-5 mb-2 text-xs font-medium tracking-wide text-text-muted uppercase">
                    {t('subscription.storage')}
                  </h2>
                  <StorageUsage usage={storage.data} />
                </>
              )}
            </div>
          </section>
          {prices.isError && (
            <LoadError
              className="rounded-xl border border-border p-4"
              message={t('errors.PRICES_UNAVAILABLE')}
              retryLabel={t('subscription.retry')}
              retrying={prices.isFetching}
              onRetry={() => void prices.refetch()}
            />
          )}
          <div className="grid items-start gap-6 md:grid-cols-2">
            <Card id="seats-title" title={t('subscription.seats.title')}>
              <SeatsPanel summary={data} prices={prices.data} workspaceName={workspace.name} />
            </Card>
            {manages && (
              <Card id="manage-title" title={t('subscription.actions.title')}>
                <ManageActions
                  summary={data}
                  prices={prices.data}
                  pricesFailed={prices.isError}
                  portal={portal}
                />
              </Card>
            )}
          </div>
        </>
      )}

      <section aria-labelledby="plans-title" className="flex flex-col gap-4">
        <h2 id="plans-title" className="font-semibold">
          {t('subscription.plans')}
        </h2>
        <PlanCards
          plan={data?.plan ?? workspace.plan}
          prices={prices.data}
          enterpriseContactEmail={data?.enterpriseContactEmail ?? null}
        />
      </section>
      <UpgradeModal open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </div>
  );
}
