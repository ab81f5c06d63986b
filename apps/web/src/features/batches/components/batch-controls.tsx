import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Pause, Play, Square } from 'lucide-react';
import type { Batch } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/error-message';
import type { BatchAction } from '../api/batch-api';
import { useBatchAction } from '../api/use-batch-mutations';

/**
 * What a person can do with a batch in its state: run a draft, pause a running batch, resume a
 * paused one, and cancel either after a confirmation (rows not yet written are skipped).
 */
export function BatchControls({ batch }: { batch: Batch }) {
  const { t } = useTranslation();
  const action = useBatchAction(batch);
  const [confirming, setConfirming] = useState(false);
  const controls = useRef<HTMLDivElement>(null);
  // The button pressed is replaced by another (Pause by Resume) or goes (Cancel): the focus moves
  // to the first control left here rather than to the page's body.
  const acted = useRef(false);
  useEffect(() => {
    if (!acted.current) return;
    acted.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    controls.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus({ preventScroll: true });
  }, [batch.status]);
  const act = (name: BatchAction, onDone?: () => void) =>
    action.mutate(name, {
      onSuccess: () => {
        acted.current = true;
        onDone?.();
      },
      onError: (error) =>
        toast.error(errorMessage(t, error, { fallbackKey: `batches.controls.${name}Failed` })),
    });
  const busy = (name: BatchAction) => action.isPending && action.variables === name;
  const cancellable = batch.status === 'running' || batch.status === 'paused' || batch.status === 'draft';

  return (
    <div ref={controls} className="flex flex-wrap items-center gap-2">
      {batch.status === 'draft' && (
        <Button
          icon={<Play className="size-4" aria-hidden />}
          loading={busy('start')}
          onClick={() => act('start')}
        >
          {t('batches.controls.start')}
        </Button>
      )}
      {batch.status === 'running' && (
        <Button
          variant="secondary"
          icon={<Pause className="size-4" aria-hidden />}
          loading={busy('pause')}
          onClick={() => act('pause')}
        >
          {t('batches.controls.pause')}
        </Button>
      )}
      {batch.status === 'paused' && (
        <Button
          icon={<Play className="size-4" aria-hidden />}
          loading={busy('resume')}
          onClick={() => act('resume')}
        >
          {t('batches.controls.resume')}
        </Button>
      )}
      {cancellable && (
        <Button
          variant="secondary"
          icon={<Square className="size-4" aria-hidden />}
          disabled={action.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('batches.controls.cancel')}
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          onOpenChange={setConfirming}
          title={t('batches.controls.cancelTitle')}
          description={t('batches.controls.cancelText', {
            count: batch.total - batch.done - batch.failed - batch.skipped,
          })}
          confirmLabel={t('batches.controls.cancelConfirm')}
          pending={busy('cancel')}
          onConfirm={() => act('cancel', () => setConfirming(false))}
        />
      )}
    </div>
  );
}
