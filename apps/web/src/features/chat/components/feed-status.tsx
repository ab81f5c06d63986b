import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, RotateCcw } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import type { OlderEntries } from './conversation-feed';

/** A pill over the top of the conversation (it takes no room from it, so nothing under it moves). */
const pill = 'absolute left-1/2 z-10 -translate-x-1/2 shadow-md';

/** While an older page loads: a quiet spinner; when it failed: a way to try again. */
export function OlderEntriesStatus({ older }: { older: OlderEntries }) {
  const { t } = useTranslation();
  if (older.failed) {
    return (
      <button
        type="button"
        onClick={older.load}
        className={cn(buttonClasses('secondary', 'sm'), pill, 'top-3')}
      >
        <RotateCcw className="size-4" aria-hidden />
        {t('chat.olderFailed')} · {t('chat.retry')}
      </button>
    );
  }
  if (!older.loading) return null;
  return (
    <div role="status" data-testid="older-entries-loading" className={cn(pill, 'top-3')}>
      <span className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1.5 text-[13px] text-text-muted">
        <Spinner />
        {t('chat.loadingOlder')}
      </span>
    </div>
  );
}

/**
 * Shown while the reader is above the newest entry: back to it (and to the streaming reply). The
 * view reaching the end by other means (a scroll, the feed settling after a row is measured) takes it
 * away; had it the focus, the browser would drop the focus on the page body, so it goes on to
 * `focusWhenGone` (what follows it from the keyboard) instead.
 */
export function GoToLatest({
  onClick,
  focusWhenGone,
}: {
  onClick: () => void;
  focusWhenGone: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(
    () => () => {
      if (button.current !== null && button.current === document.activeElement)
        focusWhenGone.current?.focus();
    },
    [focusWhenGone],
  );
  return (
    <button
      ref={button}
      type="button"
      onClick={onClick}
      className={cn(buttonClasses('secondary', 'sm'), pill, 'bottom-3 rounded-full')}
    >
      <ArrowDown className="size-4" aria-hidden />
      {t('chat.goToLatest')}
    </button>
  );
}
