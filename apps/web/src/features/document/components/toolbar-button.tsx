import type { ReactNode } from 'react';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/components/ui/cn';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** The modifier key as the user's keyboard labels it. */
export const mod = isMac ? '⌘' : 'Ctrl';

/** An icon-only button with its name and shortcut in a tooltip (docs/ui.md, "Keyboard"). */
export function ToolbarButton({
  label,
  shortcut,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip content={shortcut ? `${label} (${shortcut})` : label} side="bottom">
      <button
        type="button"
        aria-label={label}
        aria-pressed={active}
        aria-keyshortcuts={shortcut?.replace('⌘', 'Meta').replaceAll(' ', '')}
        disabled={disabled}
        onClick={onClick}
        className={cn(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-text transition-colors',
          'hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-40',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
          active && 'bg-primary-soft text-primary hover:bg-primary-soft',
        )}
      >
        {children}
      </button>
    </Tooltip>
  );
}
