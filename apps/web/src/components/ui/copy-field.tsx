import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

/** How long "Copied" stays on the button after a copy. */
const COPIED_FOR_MS = 2_000;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A value to copy elsewhere (a secret shown once, a URL to give an identity provider): read-only,
 * selectable, with a copy button that says "Copied" for a moment. Where the browser refuses the
 * clipboard the value is selected and the person is told to copy it by hand, so it is never lost.
 * `emphasis` makes the copy the page's main action (a secret that will not be shown again).
 */
export function CopyField({
  value,
  label,
  testId,
  emphasis = false,
}: {
  value: string;
  label: string;
  testId: string;
  emphasis?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
      field.current?.select();
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-text">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={field}
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          // Grows beside the button from sm up; stacked (a column), its own height holds.
          className={cn(fieldClasses, 'h-10 min-w-0 font-mono text-[13px] sm:flex-1')}
          data-testid={testId}
        />
        <Button
          variant={emphasis && state !== 'copied' ? 'primary' : 'secondary'}
          onClick={() => void copy()}
          icon={
            state === 'copied' ? (
              <Check className="size-4 text-success" aria-hidden />
            ) : (
              <Copy className="size-4" aria-hidden />
            )
          }
        >
          {state === 'copied' ? t('common.copy.copied') : t('common.copy.action')}
        </Button>
      </div>
      <p role="status" className={cn('text-[13px]', state === 'failed' ? 'text-danger' : 'sr-only')}>
        {state === 'copied' && t('common.copy.copiedStatus')}
        {state === 'failed' && t('common.copy.failed')}
      </p>
    </div>
  );
}
