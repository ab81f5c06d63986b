import { Editor } from '@tiptap/react';
import type { DocumentContent } from '@redacta/shared';
import { documentExtensions } from '../editor/extensions';

/** The document as Markdown, written by the same extensions that read chat replies. */
export function documentToMarkdown(content: DocumentContent): string {
  const editor = new Editor({ extensions: documentExtensions(), content });
  try {
    const markdown = editor.getMarkdown().trim();
    return markdown === '' ? '' : `${markdown}\n`;
  } finally {
    editor.destroy();
  }
}
