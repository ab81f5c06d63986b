import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, CloudOff, Lock } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import type { SyncState } from '../state/document-store';

/** The connection's truth, or `ended` once the server stopped taking this screen's changes. */
export type ShownState = SyncState | 'ended';

const states: ShownState[] = ['saved', 'syncing', 'offline', 'ended'];

const icons: Record<ShownState, ReactNode> = {
  saved: <Check className="size-3.5 shrink-0" aria-hidden />,
  syncing: <Spinner className="size-3.5 shrink-0" />,
  offline: <CloudOff className="size-3.5 shrink-0" aria-hidden />,
  ended: <Lock className="size-3.5 shrink-0" aria-hidden />,
};

/**
 * Saved / syncing / offline, announced politely to screen readers. It always takes the width of its
 * longest text: every state's text is laid out, invisible, in the same grid cell (as generated
 * content, so it is neither read out nor found as text), and the current one sits over them. Nothing
 * beside it moves while the user types (docs/ui.md, "Stable layout"). The offline text may wrap on
 * a phone, so the reserved texts wrap the same way.
 */
export function SaveStatus({ state }: { state: ShownState }) {
  const { t } = useTranslation();
  return (
    <span className="inline-grid min-w-0 text-xs">
      {states.map((reserved) => (
        <span
          key={reserved}
          aria-hidden
          data-text={t(`document.status.${reserved}`)}
          className="invisible col-start-1 row-start-1 pl-5 before:content-[attr(data-text)]"
        />
      ))}
      <span
        role="status"
        data-save-state={state}
        className={cn(
          'col-start-1 row-start-1 inline-flex items-start gap-1.5',
          state === 'ended' ? 'text-danger' : state === 'offline' ? 'text-text' : 'text-text-muted',
        )}
      >
        <span className="mt-0.5">{icons[state]}</span>
        {t(`document.status.${state}`)}
      </span>
    </span>
  );
}
