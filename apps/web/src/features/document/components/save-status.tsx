import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Check, CloudUpload } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import type { SaveState } from '../state/document-store';

const states: SaveState[] = ['saved', 'dirty', 'saving', 'error', 'tooLarge', 'storageFull'];

const icons: Record<SaveState, ReactNode> = {
  saved: <Check className="size-3.5 shrink-0" aria-hidden />,
  dirty: <CloudUpload className="size-3.5 shrink-0" aria-hidden />,
  saving: <Spinner className="size-3.5 shrink-0" />,
  error: <AlertTriangle className="size-3.5 shrink-0" aria-hidden />,
  tooLarge: <AlertTriangle className="size-3.5 shrink-0" aria-hidden />,
  storageFull: <AlertTriangle className="size-3.5 shrink-0" aria-hidden />,
};

/**
 * Saved / unsaved / saving / failed, announced politely to screen readers. It always takes the width
 * of its longest text: every state's text is laid out, invisible, in the same grid cell (as generated
 * content, so it is neither read out nor found as text), and the current one sits over them. Nothing
 * beside it moves while the user types (docs/ui.md, "Stable layout").
 */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  const failed = state === 'error' || state === 'tooLarge' || state === 'storageFull';
  return (
    <span className="inline-grid text-xs">
      {states.map((reserved) => (
        <span
          key={reserved}
          aria-hidden
          data-text={t(`document.status.${reserved}`)}
          className="invisible col-start-1 row-start-1 pl-5 whitespace-nowrap before:content-[attr(data-text)]"
        />
      ))}
      <span
        role="status"
        data-save-state={state}
        className={cn(
          'col-start-1 row-start-1 inline-flex items-center gap-1.5 whitespace-nowrap',
          failed ? 'text-danger' : 'text-text-muted',
        )}
      >
        {icons[state]}
        {t(`document.status.${state}`)}
      </span>
    </span>
  );
}
