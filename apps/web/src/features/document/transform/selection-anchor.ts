import type { Editor } from '@tiptap/react';
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
  yUndoPluginKey,
} from '@tiptap/y-tiptap';
import { markdownToNodes } from '../editor/markdown-content';

/**
 * A selection held across everyone's edits: its ends as Yjs relative positions, which stay on the
 * same characters whatever co-editors insert or delete around them, and the text it had.
 */
export interface SelectionAnchor {
  from: unknown;
  to: unknown;
  text: string;
  /** No text follows the selection in the document: only there may a transform close the text. */
  reachesEnd: boolean;
}

/** The selected text as the model reads it: blocks separated by a blank line. */
export const selectedText = (editor: Editor, from: number, to: number) =>
  editor.state.doc.textBetween(from, to, '\n\n');

interface SyncState {
  doc: Parameters<typeof relativePositionToAbsolutePosition>[0];
  type: Parameters<typeof relativePositionToAbsolutePosition>[1];
  binding: { mapping: Parameters<typeof relativePositionToAbsolutePosition>[3] } | null;
}

const syncOf = (editor: Editor) => ySyncPluginKey.getState(editor.state) as SyncState | undefined;

export function anchorSelection(editor: Editor): SelectionAnchor | null {
  const { from, to } = editor.state.selection;
  const sync = syncOf(editor);
  if (from === to || !sync?.binding) return null;
  return {
    from: absolutePositionToRelativePosition(from, sync.type, sync.binding.mapping),
    to: absolutePositionToRelativePosition(to, sync.type, sync.binding.mapping),
    text: selectedText(editor, from, to),
    reachesEnd: selectedText(editor, to, editor.state.doc.content.size).trim() === '',
  };
}

/** Where the anchored text is now, or null when it is gone or no longer the text it was. */
export function resolveAnchor(editor: Editor, anchor: SelectionAnchor): { from: number; to: number } | null {
  const sync = syncOf(editor);
  if (!sync?.binding) return null;
  const from = relativePositionToAbsolutePosition(sync.doc, sync.type, anchor.from, sync.binding.mapping);
  const to = relativePositionToAbsolutePosition(sync.doc, sync.type, anchor.to, sync.binding.mapping);
  if (from === null || to === null || from >= to) return null;
  return selectedText(editor, from, to) === anchor.text ? { from, to } : null;
}

/**
 * Replaces the anchored text with `markdown` in one transaction of the editor, which the live
 * document turns into one Yjs transaction (co-editors see one change) and its undo manager into one
 * undo step. False, changing nothing, when the text changed meanwhile.
 */
export function replaceAnchored(editor: Editor, anchor: SelectionAnchor, markdown: string): boolean {
  const range = resolveAnchor(editor, anchor);
  if (!range) return false;
  const nodes = markdownToNodes(editor, markdown.trim());
  // One paragraph goes in as its text, so a selection inside a paragraph stays inside it.
  const content = nodes.length === 1 && nodes[0]!.type === 'paragraph' ? (nodes[0]!.content ?? []) : nodes;
  const undo = yUndoPluginKey.getState(editor.state) as
    { undoManager?: { stopCapturing(): void } } | undefined;
  undo?.undoManager?.stopCapturing();
  editor.chain().focus().insertContentAt(range, content).run();
  undo?.undoManager?.stopCapturing();
  return true;
}
