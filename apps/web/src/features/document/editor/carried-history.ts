import type { Editor } from '@tiptap/react';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import type { UndoManager } from 'yjs';
import type { LiveDocument } from '../live/live-document';

type UndoSteps = UndoManager['undoStack'];

/**
 * Undo steps of chat replies appended while no editor was mounted (a phone on its chat tab, the
 * panel not shown yet). Every editor's history starts empty, so without these the next editor on
 * the document could not take such a reply back.
 */
const carried = new WeakMap<LiveDocument, UndoSteps>();

const undoManagerOf = (editor: Editor): UndoManager | undefined =>
  (yUndoPluginKey.getState(editor.state) as { undoManager: UndoManager } | undefined)?.undoManager;

/** Keeps what a short-lived editor did on the live document, for the next editor to undo. */
export function carryHistory(live: LiveDocument, editor: Editor) {
  const steps = undoManagerOf(editor)?.undoStack ?? [];
  // The steps remember the short-lived editor's selection, which means nothing to the next one.
  for (const step of steps) step.meta.clear();
  if (steps.length > 0) carried.set(live, [...(carried.get(live) ?? []), ...steps]);
}

/**
 * Hands the carried steps to the editor just mounted on the live document: its Undo takes those
 * replies back, the latest first.
 */
export function takeCarriedHistory(live: LiveDocument, editor: Editor) {
  const steps = carried.get(live);
  const undoManager = undoManagerOf(editor);
  // StrictMode sets the effect up on an editor already replaced: the steps wait for the live one.
  if (!steps || !undoManager || editor.isDestroyed) return;
  carried.delete(live);
  undoManager.undoStack.push(...steps);
  // A transaction that changes nothing, so whatever reads the editor (the Undo button) looks again.
  editor.view.dispatch(editor.state.tr);
}
