import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Info } from 'lucide-react';
import { PRO_INCLUDED_SEATS } from '@redacta/shared/plans';
import { useSession } from '@/features/session';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/error-message';
import { goTo, useCreateCheckout, usePrices, useSubscriptionSummary } from '../api/billing';
import { euros, yearlySavingPercent } from '../lib/format';
import { SandboxLabel } from './sandbox-label';

type Billing = 'yearly' | 'monthly';
const tabs: Billing[] = ['yearly', 'monthly'];

/** Stripe (or the sandbox) sends the browser back here after paying: the session start confirms Pro. */
const checkoutSuccessUrl = () => `${window.location.origin}/chat?stripe=true`;

/**
 * Buying Plan Pro: opens on the yearly tab, prices from the server. Only the workspace's owner buys;
 * a member is told to ask the owner, and where billing is off everyone is told to ask the
 * administrator. Buying creates a checkout and sends the browser there (Stripe, or the sandbox's
 * own page), coming back to /chat?stripe=true, or to this page when the checkout is abandoned.
 */
export function UpgradeModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  const [billing, setBilling] = useState<Billing>('yearly');
  const prices = usePrices(open);
  const summary = useSubscriptionSummary(workspace?.id ?? '', open && !!workspace);
  const checkout = useCreateCheckout();
  if (!workspace) return null;

  const redirecting = checkout.isPending || checkout.isSuccess;
  const mode = summary.data?.billingMode;
  const isOwner = summary.data?.canManage ?? workspace.ownerId === user?.id;
  const canBuy = mode !== undefined && mode !== 'off' && isOwner && prices.isSuccess;
  const owner = [workspace.owner.firstName, workspace.owner.lastName].filter(Boolean).join(' ');

  const buy = () =>
    checkout.mutate(
      {
        lookupKey: billing === 'yearly' ? 'proYearly' : 'proMonthly',
        workspaceId: workspace.id,
        successUrl: checkoutSuccessUrl(),
        cancelUrl: window.location.href,
      },
      { onSuccess: ({ url }) => goTo(url) },
    );

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(billing) + 1) % tabs.length]!;
    setBilling(next);
    document.getElementById(`upgrade-tab-${next}`)?.focus();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setBilling('yearly');
          if (!redirecting) checkout.reset();
        }
        onOpenChange(next);
      }}
      title={t('upgrade.title')}
      description={t('upgrade.description')}
      closeLabel={t('common.close')}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary">{t('common.close')}</Button>
          </ModalClose>
          {canBuy && (
            <Button loading={redirecting} onClick={buy}>
              {t('upgrade.buy')}
            </Button>
          )}
        </>
      }
    >
      {mode === 'sandbox' && <SandboxLabel className="mb-4 self-start" />}
      <div
        role="tablist"
        aria-label={t('upgrade.billingLabel')}
        onKeyDown={onTabKey}
        className="mb-4 grid grid-cols-2 gap-1 rounded-lg bg-surface-muted p-1"
      >
        {tabs.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`upgrade-tab-${value}`}
            aria-selected={billing === value}
            aria-controls="upgrade-panel"
            tabIndex={billing === value ? 0 : -1}
            onClick={() => setBilling(value)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              billing === value ? 'bg-surface text-text shadow-sm' : 'text-text-muted hover:text-text',
            )}
          >
            {t(`upgrade.${value}`)}
            {value === 'yearly' && prices.data && (
              <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-[11px] text-primary">
                {t('upgrade.save', { percent: yearlySavingPercent(prices.data) })}
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
        {prices.isError ? (
          <LoadError
            className="py-4"
            message={t('errors.PRICES_UNAVAILABLE')}
            retryLabel={t('subscription.retry')}
            retrying={prices.isFetching}
            onRetry={() => void prices.refetch()}
          />
        ) : prices.data ? (
          <>
            <p className="mt-1 flex items-baseline gap-1">
              <span className="text-3xl font-semibold">
                {t('upgrade.price', {
                  value: euros(billing === 'yearly' ? prices.data.proYearly / 12 : prices.data.proMonthly),
                })}
              </span>
              <span className="text-text-muted">{t('upgrade.perMonth')}</span>
            </p>
            <p className="mt-1 text-[13px] text-text-muted">
              {billing === 'yearly'
                ? t('upgrade.billedYearly', { value: euros(prices.data.proYearly) })
                : t('upgrade.billedMonthly')}
            </p>
          </>
        ) : (
          <p className="mt-1 flex h-[58px] items-center text-sm text-text-muted" role="status">
            {t('upgrade.pricesLoading')}
          </p>
        )}
        <ul className="mt-4 flex flex-col gap-2 text-sm">
          {(['unlimitedWords', 'seats', 'gpt4', 'brandVoices'] as const).map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              {t(`upgrade.features.${feature}`, { seats: PRO_INCLUDED_SEATS })}
            </li>
          ))}
        </ul>
      </div>
      {summary.isError && (
        <LoadError
          className="mt-4"
          message={t('subscription.loadFailed')}
          retryLabel={t('subscription.retry')}
          retrying={summary.isFetching}
          onRetry={() => void summary.refetch()}
        />
      )}
      {summary.data && (mode === 'off' || !isOwner) && (
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-primary-soft p-3 text-[13px]" role="note">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {mode === 'off'
            ? t('upgrade.askAdministrator')
            : t('upgrade.askOwner', { owner: owner || workspace.owner.email })}
        </p>
      )}
      {canBuy && (
        <p className="mt-4 text-[13px] text-text-muted">
          {t('upgrade.forWorkspace', { workspace: workspace.name })}
        </p>
      )}
      {checkout.isError && (
        <div role="alert" className="mt-4 rounded-lg bg-danger/10 p-3 text-[13px] text-danger">
          <p className="font-medium">{t('upgrade.checkoutFailed')}</p>
          <p>{errorMessage(t, checkout.error)}</p>
        </div>
      )}
    </Modal>
  );
}
