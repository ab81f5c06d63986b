import { Editor } from '@tiptap/react';
import type { DocumentContent } from '@redacta/shared';
import { documentExtensions } from '../editor/extensions';
import { withSafeLinks } from '../editor/markdown-content';

/** The document as Markdown, written by the same extensions that read chat replies; unsafe links lose their address. */
export function documentToMarkdown(content: DocumentContent): string {
  const editor = new Editor({ extensions: documentExtensions(), content: withSafeLinks(content) });
  try {
    const markdown = editor.getMarkdown().trim();
    return markdown === '' ? '' : `${markdown}\n`;
  } finally {
    editor.destroy();
  }
}
