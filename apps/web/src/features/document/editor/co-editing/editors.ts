import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import type * as Y from 'yjs';
import { liveExtensions } from '../extensions';

/** The app's live editor (its schema, input rules, keymap and collaboration binding) on a Yjs document. */
export function liveEditor(doc: Y.Doc): Editor {
  return new Editor({
    element: document.createElement('div'),
    injectCSS: false,
    // The document the binding replaces with its fragment's: given as JSON, not as HTML for jsdom to
    // parse, since a round builds an editor per person.
    content: { type: 'doc', content: [{ type: 'paragraph' }] },
    extensions: liveExtensions({ doc }, { carets: false }),
  });
}

/** The document as its reader sees it: one line per textblock. */
export const textOf = (editor: Editor) =>
  editor.state.doc.textBetween(0, editor.state.doc.content.size, '\n');

/**
 * Where a text first occurs in the document, as a ProseMirror position (`offset` characters into it).
 * The text must lie within one textblock.
 */
export function positionOf(editor: Editor, text: string, offset = 0): number {
  let found: number | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found !== null || !node.isTextblock) return found === null;
    const index = node.textContent.indexOf(text);
    if (index >= 0) found = pos + 1 + index + offset;
    return false;
  });
  if (found === null) throw new Error(`"${text}" is not in the document`);
  return found;
}

/** The caret of an empty textblock: the n-th empty one in the document. */
export function emptyTextblockPosition(editor: Editor, n = 0): number {
  const found: number[] = [];
  editor.state.doc.descendants((node, pos) => {
    if (node.isTextblock && node.content.size === 0) found.push(pos + 1);
    return !node.isTextblock;
  });
  if (found[n] === undefined) throw new Error(`no empty textblock number ${n}`);
  return found[n];
}

export function placeCaret(editor: Editor, position: number): void {
  const { state, view } = editor;
  view.dispatch(state.tr.setSelection(TextSelection.create(state.doc, position)));
}

/**
 * One key typed at the caret, as ProseMirror handles typed text: the input rules see it first
 * (handleTextInput), otherwise it replaces the selection.
 */
export function typeKey(editor: Editor, key: string): void {
  const { view } = editor;
  const { from, to } = view.state.selection;
  const insert = () => view.state.tr.insertText(key, from, to);
  const handled = view.someProp('handleTextInput', (handle) => handle(view, from, to, key, insert));
  if (!handled) view.dispatch(insert());
}

/** A key the keymap handles (Enter, Backspace…), as ProseMirror hands a keydown to it. */
export function pressKey(editor: Editor, key: string): void {
  const { view } = editor;
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  if (!view.someProp('handleKeyDown', (handle) => handle(view, event))) {
    throw new Error(`nothing handled ${key}`);
  }
}

/** Clipboard HTML pasted at the caret, through ProseMirror's paste handling. */
export function paste(editor: Editor, html: string): void {
  // jsdom has no ClipboardEvent; the paste handlers only read the HTML given here.
  const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
  if (!editor.view.pasteHTML(html, event)) throw new Error('the paste was not handled');
}
