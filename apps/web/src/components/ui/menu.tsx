import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { cn } from './cn';

/**
 * Per-item "⋯" menus with icons; destructive items last, in red. `onCloseAutoFocus`
 * lets a chosen item keep the focus elsewhere (an inline rename) instead of on the trigger.
 */
export function Menu({
  trigger,
  children,
  align = 'end',
  wide,
  onCloseAutoFocus,
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  /** For items with longer labels, such as sort options. */
  wide?: boolean;
  onCloseAutoFocus?: ComponentProps<typeof DropdownMenu.Content>['onCloseAutoFocus'];
}) {
  return (
    // Not modal: a modal menu hides the whole page from assistive technology (aria-hidden on the app)
    // while its controls stay focusable. The menu still keeps Tab inside itself, and Escape or a chosen
    // item still hands the focus back to the trigger.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={4}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'z-[65] rounded-lg border border-border bg-surface p-1 text-sm text-text shadow-lg',
            wide ? 'min-w-56' : 'min-w-48',
          )}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({
  icon,
  children,
  onSelect,
  destructive,
  disabled,
}: {
  icon?: ReactNode;
  children: ReactNode;
  onSelect?: () => void;
  destructive?: boolean;
  disabled?: boolean;
}) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      disabled={disabled}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 outline-none select-none',
        'data-[highlighted]:bg-surface-muted data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
        destructive && 'text-danger',
      )}
    >
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

/** A menu's heading with a line or two about what its items change; not an item, the arrows skip it. */
export function MenuLabel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <DropdownMenu.Label className="max-w-72 px-2.5 pt-1.5 pb-2 text-xs leading-snug text-text-muted">
      <span className="mb-0.5 block text-sm font-semibold text-text">{title}</span>
      {children}
    </DropdownMenu.Label>
  );
}

export const MenuSeparator = () => <DropdownMenu.Separator className="my-1 h-px bg-border" />;

/** The "⋯" trigger of an item's menu: icon-only, so its label is both its name and its tooltip. */
export function MoreButton({ label, className, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'rounded-lg p-2 text-text-muted hover:text-text focus-visible:outline-2 focus-visible:outline-primary',
        className,
      )}
      {...props}
    >
      <MoreHorizontal className="size-4" aria-hidden />
    </button>
  );
}
