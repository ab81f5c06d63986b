import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { LayoutTemplate } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/tooltip';
import { useTemplate } from '../api/use-templates';
import type { TemplateRun } from '../template-run';

/** The dialog is its own chunk (with the shared rules it checks inputs by): nothing of it loads until wanted. */
const loadDialog = () => import('./template-dialog');
const TemplateDialog = lazy(loadDialog);

/**
 * The composer's "Plantilla": opens the dialog to pick a template and fill its fields; `onRun` sends
 * it. `requestedId` (a template's "Usar" on /templates) opens the dialog on that template's fields;
 * `onRequestHandled` is called once it has (or once a template that cannot be read has been said so).
 */
export function TemplateButton({
  onRun,
  requestedId = null,
  onRequestHandled,
  labelClassName,
  blockedReason = null,
}: {
  onRun: (run: TemplateRun) => void;
  /** Why a run cannot go now (a reply being written, no words left), or null. */
  blockedReason?: string | null;
  requestedId?: string | null;
  onRequestHandled?: () => void;
  labelClassName?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const requested = useTemplate(requestedId);
  const [initial, setInitial] = useState<typeof requested.data | null>(null);
  const handled = useRef(onRequestHandled);
  handled.current = onRequestHandled;

  useEffect(() => {
    if (!requestedId || requested.isPending) return;
    if (requested.data) {
      setInitial(requested.data);
      setWanted(true);
      setOpen(true);
    } else toast.error(t('templates.toasts.fetchOneFailed'));
    handled.current?.();
  }, [requestedId, requested.isPending, requested.data, t]);

  const button = (
    <Button
      variant="ghost"
      size="sm"
      disabled={blockedReason !== null}
      onClick={() => {
        setInitial(null);
        setWanted(true);
        setOpen(true);
      }}
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      aria-haspopup="dialog"
      title={blockedReason ? undefined : t('templates.composer.hint')}
      icon={<LayoutTemplate className="size-4" aria-hidden />}
    >
      <span className={labelClassName}>{t('templates.composer.open')}</span>
    </Button>
  );
  return (
    <>
      {blockedReason ? <DisabledHint reason={blockedReason}>{button}</DisabledHint> : button}
      {wanted && (
        <Suspense fallback={null}>
          <TemplateDialog
            open={open}
            onOpenChange={setOpen}
            initial={initial ?? null}
            // A run asked for while it cannot go (a reply still being written) waits in the dialog.
            blockedReason={blockedReason}
            onRun={onRun}
          />
        </Suspense>
      )}
    </>
  );
}
