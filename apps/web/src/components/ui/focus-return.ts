import { useState } from 'react';

/**
 * The control a layer is being opened from: the focused element, or, for an item of a menu (which
 * goes away as the menu closes), that menu's trigger. Null when nothing had the focus.
 */
function focusOrigin(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menuTriggerId = active.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const menuTrigger = menuTriggerId ? document.getElementById(menuTriggerId) : null;
  return menuTrigger ?? active;
}

/**
 * Focus goes back to the control that opened a dialog, however it was opened. Radix returns it only
 * to a Dialog.Trigger; a dialog opened from a menu item, a shortcut or a plain button has none, and
 * its focus would end on the page body. The opener is read while rendering the opening (before any
 * autoFocus inside the dialog moves the focus); pass the result as the dialog's `onCloseAutoFocus`.
 * `fallback` names the control to focus when nothing was focused or the opener is gone.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const [origin, setOrigin] = useState(() => (open ? focusOrigin() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOrigin(focusOrigin());
  }
  return (event: Event) => {
    for (const target of [origin, fallback?.()]) {
      if (!target?.isConnected) continue;
      target.focus();
      if (document.activeElement === target) {
        event.preventDefault();
        return;
      }
    }
  };
}
