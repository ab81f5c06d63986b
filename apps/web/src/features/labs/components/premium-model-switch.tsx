import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Lock, Sparkles } from 'lucide-react';
import { useSession } from '@/features/session';
import { UpgradeModal } from '@/features/subscription';
import { isApiError } from '@/lib/api-error';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { usePremiumModelStatus, useSetPremiumModel } from '../api/use-premium-model';

/**
 * The "GPT-4 in Chat" switch: paid workspaces turn the premium model on or off for everyone in
 * them; free members see why they cannot and an upgrade button. A failure shows the server's
 * message (docs/product.md, Messages).
 */
export function PremiumModelSwitch() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const labelId = useId();
  const noteId = useId();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const status = usePremiumModelStatus(workspace?.id ?? '');
  const setPremium = useSetPremiumModel(workspace?.id ?? '');
  if (!workspace) return null;

  const paid = status.data?.available ?? (workspace.isPro || workspace.isEnterprise);
  const on = setPremium.isPending
    ? setPremium.variables
    : (status.data?.isGpt4TurnedOn ?? workspace.isGpt4TurnedOn);
  const busy = setPremium.isPending || (paid && status.isPending);
  const toggle = () =>
    setPremium.mutate(!on, {
      onError: (error) =>
        toast.error(isApiError(error) && error.message ? error.message : t('errors.generic')),
    });

  return (
    <div className="flex flex-col gap-3" data-testid="premium-model-switch">
      <div className="flex items-start justify-between gap-6">
        <div className="min-w-0">
          <h2 id={labelId} className="font-semibold">
            {t('labs.gpt4Title')}
          </h2>
          <p className="mt-1 text-[13px] text-text-muted">{t('labs.gpt4Text')}</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={noteId}
          aria-busy={busy || undefined}
          disabled={!paid || busy}
          onClick={toggle}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
            on ? 'bg-primary' : 'bg-border',
          )}
        >
          <span
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
      <div id={noteId} className="flex flex-col gap-1 text-[13px] text-text-muted">
        {!paid && (
          <p className="flex items-center gap-1.5">
            <Lock className="size-3.5 shrink-0" aria-hidden />
            {t('labs.paidOnly')}
          </p>
        )}
        {status.data && (
          <p className="flex items-center gap-1.5">
            <Sparkles className="size-3.5 shrink-0" aria-hidden />
            {t('labs.models', { premium: status.data.modelLabel, active: status.data.activeModelLabel })}
          </p>
        )}
        {status.data?.demo && <p>{t('labs.demo')}</p>}
        {status.isError && <p className="text-danger">{t('labs.statusFailed')}</p>}
      </div>
      {!paid && (
        <div>
          <Button variant="secondary" onClick={() => setUpgradeOpen(true)}>
            {t('sidebar.upgrade')}
          </Button>
          <UpgradeModal open={upgradeOpen} onOpenChange={setUpgradeOpen} />
        </div>
      )}
    </div>
  );
}
