/** Elements that Tab can reach by their nature, or by a tabindex. */
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(', ');

/** Whether Tab stops at `element`: focusable, in the tab order, enabled, drawn and not inert. */
function isTabStop(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.matches(FOCUSABLE)) return false;
  if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]')) return false;
  // Every browser we ship to can tell whether an element is drawn (display, visibility, a closed
  // <details>); a DOM without layout (jsdom) can only tell a `hidden` attribute.
  if (typeof element.checkVisibility === 'function')
    return element.checkVisibility({ visibilityProperty: true });
  return element.closest('[hidden]') === null;
}

/**
 * The control just before `element` in the tab order: the one Shift+Tab reaches from the first tab
 * stop inside it (its own ancestors aside). Null when nothing before it takes the focus.
 */
export function tabStopBefore(element: HTMLElement): HTMLElement | null {
  const walker = element.ownerDocument.createTreeWalker(element.ownerDocument.body, NodeFilter.SHOW_ELEMENT);
  walker.currentNode = element;
  for (let node = walker.previousNode(); node; node = walker.previousNode()) {
    if (!node.contains(element) && isTabStop(node as Element)) return node as HTMLElement;
  }
  return null;
}

/** Ctrl+Home or Ctrl+End (⌘ on a Mac keyboard), without Shift or Alt (those extend a selection). */
export function feedExitKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'before' | 'after' | null {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return null;
  if (event.key === 'Home') return 'before';
  if (event.key === 'End') return 'after';
  return null;
}
