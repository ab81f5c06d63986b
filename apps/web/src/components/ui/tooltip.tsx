import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/**
 * A tooltip on hover and focus. Each carries its own provider so the Radix code stays out of the
 * first chunk (only lazily loaded screens use tooltips). Disabled buttons get no pointer events, so callers wrap them
 * with `DisabledHint`, which keeps a focusable span as the trigger (disabled buttons
 * explain why on hover/focus).
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  return (
    <RadixTooltip.Provider delayDuration={250}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            className="z-[70] max-w-64 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-snug text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          >
            {content}
            <RadixTooltip.Arrow className="fill-slate-900 dark:fill-slate-100" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}

/** Wraps a disabled control so its reason shows on hover and keyboard focus. */
export function DisabledHint({
  reason,
  children,
  block = false,
}: {
  reason: string;
  children: ReactNode;
  block?: boolean;
}) {
  return (
    <Tooltip content={reason}>
      <span
        tabIndex={0}
        className={block ? 'flex w-full rounded-lg' : 'inline-flex rounded-lg'}
        aria-label={undefined}
      >
        {children}
      </span>
    </Tooltip>
  );
}
