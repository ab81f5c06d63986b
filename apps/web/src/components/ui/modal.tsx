import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { useReturnFocus } from './focus-return';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  closeLabel: string;
  className?: string;
  /** Raises the modal above everything else (the sign-in modal sits on top). */
  topmost?: boolean;
  /** Where the focus goes on closing when the control that opened it is gone (useReturnFocus). */
  returnFocusFallback?: () => HTMLElement | null;
  /** A click outside leaves it open: it shows what would be lost (a secret shown once). */
  keepOnOutsideClick?: boolean;
}

/**
 * A modal: title, one-sentence explanation, actions right-aligned. Radix handles the focus trap,
 * Escape and overlay click; on closing, the focus goes back to the control that opened it (a menu
 * item's menu trigger), also when it was opened without a Dialog.Trigger. Below 768 px it is a
 * bottom sheet.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  closeLabel,
  className,
  topmost,
  returnFocusFallback,
  keepOnOutsideClick,
}: ModalProps) {
  const returnFocus = useReturnFocus(open, returnFocusFallback);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={cn('animate-fade-in fixed inset-0 bg-slate-950/50', topmost ? 'z-[90]' : 'z-[60]')}
        />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onInteractOutside={keepOnOutsideClick ? (event) => event.preventDefault() : undefined}
          className={cn(
            'fixed z-[61] flex max-h-[92vh] flex-col overflow-y-auto bg-surface text-text shadow-2xl',
            'inset-x-0 bottom-0 rounded-t-[12px] p-5',
            'md:inset-auto md:top-1/2 md:left-1/2 md:w-[min(92vw,480px)] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-[12px] md:p-6',
            'animate-fade-in',
            topmost && 'z-[91]',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-1 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              className="-mt-1 -mr-2 rounded-lg p-2 text-text-muted hover:bg-surface-muted hover:text-text"
              aria-label={closeLabel}
              title={closeLabel}
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="mb-4 text-sm text-text-muted">{description}</Dialog.Description>
          )}
          {children}
          {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalClose = Dialog.Close;
