import { useState } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where a layer was opened from: the control, and for when it is gone, its ancestors (nearest first)
 * and the page's other controls after and before it (nearest first).
 */
interface Origin {
  control: HTMLElement;
  ancestors: HTMLElement[];
  neighbours: HTMLElement[];
}

/**
 * The control a layer is being opened from: the focused element, or, for an item of a menu (which
 * goes away as the menu closes), that menu's trigger. Null when nothing had the focus.
 */
function focusOrigin(): Origin | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menuTriggerId = active.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const control = (menuTriggerId && document.getElementById(menuTriggerId)) || active;
  const ancestors: HTMLElement[] = [];
  for (let node = control.parentElement; node && node !== document.body; node = node.parentElement) {
    ancestors.push(node);
  }
  const controls = [...document.querySelectorAll<HTMLElement>(focusable)];
  const index = controls.indexOf(control);
  const neighbours = index < 0 ? [] : [...controls.slice(index + 1), ...controls.slice(0, index).reverse()];
  return { control, ancestors, neighbours };
}

/** Focuses `element` if it can take the focus now; says whether it did. */
function focusIfPossible(element: HTMLElement | null | undefined): boolean {
  if (!element?.isConnected) return false;
  element.focus();
  return document.activeElement === element;
}

/**
 * The nearest control still on the page in the region the opener was in: when a dialog removed the
 * row it was opened from (a deleted project), the focus goes to the next row of the same list (the
 * one before when it was the last), else to any control left in the region, else a wider one.
 */
function focusNearby(origin: Origin, leaving: Element | null): boolean {
  for (const region of origin.ancestors) {
    if (!region.isConnected) continue;
    const candidates = [...origin.neighbours, ...region.querySelectorAll<HTMLElement>(focusable)];
    for (const candidate of candidates) {
      if (!region.contains(candidate) || leaving?.contains(candidate)) continue;
      if (focusIfPossible(candidate)) return true;
    }
  }
  return false;
}

/**
 * Focus goes back to the control that opened a dialog, however it was opened. Radix returns it only
 * to a Dialog.Trigger; a dialog opened from a menu item, a shortcut or a plain button has none, and
 * its focus would end on the page body. The opener is read while rendering the opening (before any
 * autoFocus inside the dialog moves the focus); pass the result as the dialog's `onCloseAutoFocus`.
 * When the opener is gone, `fallback` names the control to focus; without one (or when it cannot
 * take the focus), the nearest control left in the opener's region does.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const [origin, setOrigin] = useState(() => (open ? focusOrigin() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOrigin(focusOrigin());
  }
  return (event: Event) => {
    const leaving = event.target instanceof Element ? event.target : null;
    const returned =
      focusIfPossible(origin?.control) ||
      focusIfPossible(fallback?.()) ||
      (origin !== null && focusNearby(origin, leaving));
    if (returned) event.preventDefault();
  };
}
