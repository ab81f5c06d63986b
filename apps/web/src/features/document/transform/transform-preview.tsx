import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, RotateCcw, Square, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { TransformRun } from './use-transform-run';
import { requestLabelKey } from './transform-actions';

interface TransformPreviewProps {
  run: TransformRun;
  /** The selected text changed meanwhile (a co-editor): the result is not put in. */
  conflict: boolean;
  onAccept: () => void;
  onDiscard: () => void;
  onRetry: () => void;
  onStop: () => void;
  /** How the result is drawn: as plain text unless the caller renders it (a reply's Markdown). */
  renderResult?: (text: string, streaming: boolean) => ReactNode;
}

/**
 * The result of a transform beside the selection, never over it: it streams in with a caret, then
 * Aceptar puts it in place of the selection, Descartar leaves the text as it was, Reintentar asks again;
 * Stop ends it while it streams. Escape discards it.
 */
export function TransformPreview({
  run,
  conflict,
  onAccept,
  onDiscard,
  onRetry,
  onStop,
  renderResult,
}: TransformPreviewProps) {
  const { t } = useTranslation();
  const streaming = run.status === 'waiting' || run.status === 'streaming';
  const acceptRef = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // Once the result is complete, the focus goes to Aceptar if it was in the preview (the keyboard path).
  useEffect(() => {
    if (!streaming && panel.current?.contains(document.activeElement)) acceptRef.current?.focus();
  }, [streaming]);

  const status = streaming
    ? t('document.transform.generating')
    : run.status === 'failed'
      ? t('document.transform.failed')
      : run.status === 'stopped'
        ? t('document.transform.stopped')
        : t('document.transform.ready');

  return (
    <div
      ref={panel}
      role="group"
      aria-label={t('document.transform.previewLabel')}
      className="flex flex-col gap-2 p-3"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onDiscard();
      }}
    >
      <div className="flex items-center justify-between gap-2 text-xs text-text-muted">
        <span className="font-medium text-text">{t(requestLabelKey(run.request))}</span>
        <span role="status">{status}</span>
      </div>
      <div
        data-testid="transform-result"
        // A long result scrolls: the keyboard must reach it too.
        tabIndex={0}
        className="max-h-64 overflow-y-auto rounded-lg border border-border bg-surface-muted px-3 py-2 text-base leading-relaxed whitespace-pre-wrap text-text"
      >
        {renderResult ? (
          renderResult(run.text, streaming)
        ) : (
          <>
            {run.text}
            {streaming && (
              <span
                aria-hidden
                className="ml-0.5 inline-block h-4 w-0.5 animate-pulse bg-primary align-middle"
              />
            )}
          </>
        )}
      </div>
      {run.demo && <p className="text-xs text-text-muted">{t('document.transform.demo')}</p>}
      {conflict && (
        <p role="alert" className="text-sm text-danger">
          {t('document.transform.changed')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {streaming ? (
          <Button
            ref={acceptRef}
            variant="secondary"
            size="sm"
            onClick={onStop}
            icon={<Square className="size-4" aria-hidden />}
            autoFocus
          >
            {t('document.transform.stop')}
          </Button>
        ) : (
          <>
            <Button variant="ghost" size="sm" onClick={onDiscard} icon={<X className="size-4" aria-hidden />}>
              {t('document.transform.discard')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={onRetry}
              icon={<RotateCcw className="size-4" aria-hidden />}
            >
              {t('document.transform.retry')}
            </Button>
            <Button
              ref={acceptRef}
              size="sm"
              onClick={onAccept}
              disabled={conflict || !run.text.trim()}
              icon={<Check className="size-4" aria-hidden />}
            >
              {t('document.transform.accept')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
