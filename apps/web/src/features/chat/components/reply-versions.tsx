import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IconAction } from './icon-action';

/**
 * "‹ 2/3 ›": which version of a regenerated reply is shown, and buttons to the previous and next one.
 * At either end the button stays focusable but does nothing (aria-disabled), so the keyboard focus
 * never falls off the switcher; screen readers hear "Versión 2 de 3" on every change.
 */
export function ReplyVersions({
  count,
  shown,
  onShow,
}: {
  count: number;
  /** The shown version's index, oldest first. */
  shown: number;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="mr-1 inline-flex items-center"
      role="group"
      aria-label={t('chat.versions.label')}
      data-testid="reply-versions"
    >
      <IconAction
        label={t('chat.versions.previous')}
        disabled={shown === 0}
        onClick={() => onShow(shown - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden />
      </IconAction>
      <span className="min-w-8 text-center text-xs text-text-muted tabular-nums" aria-live="polite">
        <span aria-hidden>
          {shown + 1}/{count}
        </span>
        <span className="sr-only">{t('chat.versions.position', { current: shown + 1, count })}</span>
      </span>
      <IconAction
        label={t('chat.versions.next')}
        disabled={shown === count - 1}
        onClick={() => onShow(shown + 1)}
      >
        <ChevronRight className="size-4" aria-hidden />
      </IconAction>
    </div>
  );
}
