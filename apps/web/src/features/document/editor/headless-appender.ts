import { Editor } from '@tiptap/react';
import type { DocumentContent } from '@redacta/shared';
import type { LiveDocument } from '../live/live-document';
import type { InsertSink } from '../state/document-store';
import { liveExtensions } from './extensions';
import { insertMarkdown } from './markdown-content';
import { carryHistory } from './carried-history';
import { documentToPlainText } from '../export/to-plain-text';

/** A short-lived editor on the live document, without carets: what it changes, everyone sees. */
function withHeadlessEditor<T>(live: LiveDocument, apply: (editor: Editor) => T): T {
  const editor = new Editor({ extensions: liveExtensions(live, { carets: false }) });
  try {
    return apply(editor);
  } finally {
    editor.destroy();
  }
}

/**
 * The store's fallback when no editor is mounted (the panel closed, or a phone on the chat tab):
 * replies are appended at the document's end through the live document, as one change each, and
 * the next editor mounted can undo them.
 */
export function headlessAppender(live: LiveDocument): InsertSink {
  return (markdowns) =>
    withHeadlessEditor(live, (editor) => {
      for (const markdown of markdowns) insertMarkdown(editor, markdown, 'end');
      carryHistory(live, editor);
    });
}

/** The live document as plain text, as the user reads it (to offer it for copying). */
export function livePlainText(live: LiveDocument): string {
  return withHeadlessEditor(live, (editor) => documentToPlainText(editor.getJSON() as DocumentContent));
}
