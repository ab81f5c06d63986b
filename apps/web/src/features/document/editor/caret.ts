import { Extension } from '@tiptap/core';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';

interface CaretUser {
  name?: unknown;
  color?: unknown;
}

const isColour = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** Another person's caret: a coloured bar with their name above it (their name is text, never HTML). */
function renderCaret(user: CaretUser): HTMLElement {
  const colour = isColour(user.color) ? user.color : '#64748b';
  const caret = document.createElement('span');
  caret.className = 'pointer-events-none relative -mx-px border-x border-solid [word-break:normal]';
  caret.style.borderColor = colour;
  const label = document.createElement('span');
  label.className =
    'absolute -top-[1.45em] -left-px rounded-sm rounded-bl-none px-1.5 text-xs leading-normal font-semibold whitespace-nowrap text-white select-none';
  label.style.backgroundColor = colour;
  label.textContent = typeof user.name === 'string' ? user.name : '';
  caret.append(label);
  return caret;
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
