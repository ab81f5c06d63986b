import type { ReactNode } from 'react';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/components/ui/cn';

/** An icon-only button carries an aria-label and a tooltip with the same words (docs/ui.md). */
export function IconAction({
  label,
  onClick,
  children,
  pressed,
  disabled = false,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
}) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) onClick();
        }}
        className={cn(
          'inline-flex size-8 items-center justify-center rounded-lg text-text-muted transition-colors hover:bg-surface-muted hover:text-text',
          pressed && 'bg-primary-soft text-primary hover:bg-primary-soft hover:text-primary',
          disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent hover:text-text-muted',
        )}
      >
        {children}
      </button>
    </Tooltip>
  );
}
