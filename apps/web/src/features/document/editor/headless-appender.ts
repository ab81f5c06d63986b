import { Editor } from '@tiptap/react';
import type { DocumentContent } from '@redacta/shared';
import type { DocumentStore, InsertSink } from '../state/document-store';
import { documentExtensions } from './extensions';
import { insertMarkdown } from './markdown-content';

/** Appends markdown to a document without a visible editor, as the panel would at its end. */
export function appendMarkdown(content: DocumentContent, markdowns: string[]): DocumentContent {
  const editor = new Editor({ extensions: documentExtensions(), content });
  try {
    for (const markdown of markdowns) insertMarkdown(editor, markdown, 'end');
    return editor.getJSON() as DocumentContent;
  } finally {
    editor.destroy();
  }
}

/** The store's fallback when no editor is mounted (the panel closed, or a phone on the chat tab). */
export function headlessAppender(store: DocumentStore): InsertSink {
  return (markdowns) => {
    const content = store.getSnapshot().content;
    if (content) store.edit(appendMarkdown(content, markdowns));
  };
}
