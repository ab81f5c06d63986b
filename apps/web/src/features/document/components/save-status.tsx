import { useTranslation } from 'react-i18next';
import { AlertTriangle, Check, CloudUpload } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import type { SaveState } from '../state/document-store';

/** Saved / unsaved / saving / failed, announced politely to screen readers. */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  const failed = state === 'error' || state === 'tooLarge';
  return (
    <span
      role="status"
      data-save-state={state}
      className={`inline-flex items-center gap-1.5 text-xs ${failed ? 'text-danger' : 'text-text-muted'}`}
    >
      {state === 'saved' && <Check className="size-3.5" aria-hidden />}
      {state === 'dirty' && <CloudUpload className="size-3.5" aria-hidden />}
      {state === 'saving' && <Spinner className="size-3.5" />}
      {failed && <AlertTriangle className="size-3.5" aria-hidden />}
      {t(`document.status.${state}`)}
    </span>
  );
}
