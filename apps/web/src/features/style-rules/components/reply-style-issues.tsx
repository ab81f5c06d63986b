import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpellCheck, Wand2, X } from 'lucide-react';
import { needsRewrite, type StyleViolation } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import type { ReplyStyle } from '../use-reply-style';
import { violationText } from '../violation-text';

/**
 * Under a reply: what breaks the style rules, each with fix (when it has a suggestion) and ignore,
 * and "Fix all" for every direct fix at once. A banned phrase's fix is `onRewrite` (its sentence
 * rewritten without it, shown to accept first); "Fix all" leaves those and says so. Nothing when the
 * reply follows every rule.
 */
export function ReplyStyleIssues({
  style,
  onRewrite,
}: {
  style: ReplyStyle;
  onRewrite?: (violation: StyleViolation) => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLElement>(null);
  const [fixedAll, setFixedAll] = useState(false);
  if (style.violations.length === 0) return null;
  const rewritesLeft = fixedAll && style.violations.some(needsRewrite);
  // A button that disappears with its item would drop the focus to the page: keep it in the list.
  const keepFocus = (act: () => void) => () => {
    act();
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>('button')?.focus());
  };
  return (
    <section
      ref={listRef}
      aria-label={t('styleRules.reply.title')}
      data-testid="reply-style-issues"
      className="flex flex-col gap-2 rounded-lg border border-warning/40 bg-surface-muted p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-medium text-text">
          <SpellCheck className="size-4 text-warning" aria-hidden />
          {t('styleRules.reply.count', { count: style.violations.length })}
        </p>
        {style.fixable > 0 && (
          <Button
            size="sm"
            variant="secondary"
            icon={<Wand2 className="size-4" aria-hidden />}
            onClick={() => {
              style.fixAll();
              setFixedAll(true);
            }}
          >
            {t('styleRules.fixAll')}
          </Button>
        )}
      </div>
      {rewritesLeft && (
        <p role="status" className="text-text-muted">
          {t('styleRules.reply.rewritesLeft')}
        </p>
      )}
      <ul className="flex flex-col gap-1">
        {style.violations.map((violation) => (
          <li
            key={`${violation.ruleId}-${violation.start}`}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1"
          >
            <span className="min-w-0 break-words text-text">{violationText(t, violation)}</span>
            <span className="flex shrink-0 gap-1">
              {needsRewrite(violation)
                ? onRewrite && (
                    <Button size="sm" variant="ghost" onClick={() => onRewrite(violation)}>
                      {t('styleRules.fix')}
                    </Button>
                  )
                : violation.suggestion !== null && (
                    <Button size="sm" variant="ghost" onClick={keepFocus(() => style.fix(violation))}>
                      {t('styleRules.fix')}
                    </Button>
                  )}
              <Button
                size="sm"
                variant="ghost"
                icon={<X className="size-4" aria-hidden />}
                onClick={keepFocus(() => style.ignore(violation))}
              >
                {t('styleRules.ignore')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
