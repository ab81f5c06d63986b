import { Extension } from '@tiptap/core';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';

interface CaretUser {
  name?: unknown;
  color?: unknown;
}

const isColour = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/**
 * Another person's caret: a coloured bar with their name above it. The name is the attribute of a
 * generated label, so it is never HTML, never part of the document's text (copying, counting, reading
 * out) and never in the way of the text's own layout.
 */
function renderCaret(user: CaretUser): HTMLElement {
  const caret = document.createElement('span');
  caret.className =
    'pointer-events-none relative -mx-px border-x border-solid border-[var(--caret)] [word-break:normal] after:absolute after:-top-[1.45em] after:left-[calc(-1px_-_var(--label-shift,0px))] after:rounded-sm after:rounded-bl-none after:bg-[var(--caret)] after:px-1.5 after:text-xs after:leading-normal after:font-semibold after:whitespace-nowrap after:text-white after:content-[attr(data-name)] after:select-none';
  caret.style.setProperty('--caret', isColour(user.color) ? user.color : '#64748b');
  caret.dataset.name = typeof user.name === 'string' ? user.name : '';
  caret.setAttribute('aria-hidden', 'true');
  // Drawn first, measured once in place: the label then knows how far the editor lets it reach.
  requestAnimationFrame(() => keepLabelInside(caret));
  return caret;
}

/**
 * A caret near the editor's right edge would have its name label cut there (the label starts at the
 * caret and runs right): the label is moved left by what would stick out, so the whole name shows
 * while its corner stays on the caret's line.
 */
export function keepLabelInside(caret: HTMLElement): void {
  const editor = caret.closest('.ProseMirror');
  if (!editor) return;
  const labelWidth = Number.parseFloat(getComputedStyle(caret, '::after').width) || 0;
  const overflow = caret.getBoundingClientRect().left + labelWidth - editor.getBoundingClientRect().right;
  caret.style.setProperty('--label-shift', `${Math.max(0, Math.ceil(overflow))}px`);
}

/**
 * Everyone else's caret and selection, with their name and colour, from the live document's
 * awareness. The same plugin TipTap's collaboration-caret extension installs; that package's releases
 * trail the editor's and pin an older core, so the plugin is set up here directly.
 */
export const CollaborationCarets = Extension.create<{ awareness: Awareness | null }>({
  name: 'collaborationCarets',
  priority: 999,
  addOptions() {
    return { awareness: null };
  },
  addProseMirrorPlugins() {
    const { awareness } = this.options;
    if (!awareness) return [];
    return [
      yCursorPlugin(awareness, {
        cursorBuilder: renderCaret,
        selectionBuilder: (user: CaretUser) => ({
          style: `background-color: ${isColour(user.color) ? user.color : '#64748b'}33`,
        }),
      }),
    ];
  },
});
