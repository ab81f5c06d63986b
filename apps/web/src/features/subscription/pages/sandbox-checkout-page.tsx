import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { goTo, useFinishSandboxCheckout, useSandboxCheckout } from '../api/billing';
import { FailureNote } from '../components/failure-note';
import { SandboxLabel } from '../components/sandbox-label';
import { euros } from '../lib/format';

/**
 * The sandbox's stand-in for Stripe Checkout (/subscription/sandbox-checkout?session=…): what is
 * bought, for which workspace and at what price, with confirm and cancel. Either button asks the
 * server, which answers where to go next — as Stripe would: the success address on confirm, the
 * page the purchase started from on cancel.
 */
export default function SandboxCheckoutPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session') ?? '';
  const checkout = useSandboxCheckout(sessionId);
  const finish = useFinishSandboxCheckout(sessionId);
  const leaving = finish.isPending || finish.isSuccess;
  const data = checkout.data;
  const end = (outcome: 'confirm' | 'cancel') =>
    finish.mutate(outcome, { onSuccess: ({ url }) => goTo(url) });
  const backLink = (
    <Link to="/subscription" className={buttonClasses('secondary')}>
      {t('subscription.sandboxCheckout.back')}
    </Link>
  );

  let body;
  if (
    !sessionId ||
    (checkout.isError &&
      isApiError(checkout.error) &&
      checkout.error.status >= 400 &&
      checkout.error.status < 500)
  ) {
    body = (
      <div className="flex flex-col items-start gap-4">
        <p role="alert">{t('subscription.sandboxCheckout.notFound')}</p>
        {backLink}
      </div>
    );
  } else if (checkout.isError) {
    body = (
      <LoadError
        message={t('subscription.loadFailed')}
        retryLabel={t('subscription.retry')}
        retrying={checkout.isFetching}
        onRetry={() => void checkout.refetch()}
      />
    );
  } else if (!data) {
    body = <div className="h-40 animate-pulse rounded-lg bg-surface-muted" aria-hidden />;
  } else {
    const period = data.lookupKey === 'proYearly' ? 'YEARLY' : 'MONTHLY';
    body = (
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <p className="text-lg font-semibold">
            {t('subscription.sandboxCheckout.product', { period: t(`subscription.period.${period}`) })}
          </p>
          <p className="text-sm text-text-muted">
            {t('subscription.sandboxCheckout.forWorkspace', { workspace: data.workspaceName })}
          </p>
          <p className="mt-2 text-2xl font-semibold" data-testid="sandbox-amount">
            {t('subscription.sandboxCheckout.amount', { context: data.lookupKey, value: euros(data.amount) })}
          </p>
        </div>
        <p className="text-[13px] text-text-muted">{t('subscription.sandboxCheckout.explain')}</p>
        {data.state === 'open' ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              disabled={leaving}
              loading={leaving && finish.variables === 'cancel'}
              onClick={() => end('cancel')}
            >
              {t('common.cancel')}
            </Button>
            <Button
              disabled={leaving}
              loading={leaving && finish.variables === 'confirm'}
              onClick={() => end('confirm')}
            >
              {t('subscription.sandboxCheckout.confirm')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-4">
            <p role="status">
              {t(
                data.state === 'complete'
                  ? 'subscription.sandboxCheckout.complete'
                  : 'subscription.sandboxCheckout.expired',
              )}
            </p>
            {backLink}
          </div>
        )}
        {finish.isError && (
          <FailureNote error={finish.error} titleKey="subscription.sandboxCheckout.failed" />
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-[560px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex flex-col items-start gap-3">
        <SandboxLabel />
        <h1 className="flex items-center gap-2 text-xl font-semibold">
          <CreditCard className="size-5 text-primary" aria-hidden />
          {t('subscription.sandboxCheckout.title')}
        </h1>
      </div>
      <section className="rounded-xl border border-border p-4 md:p-6">{body}</section>
    </div>
  );
}
