import StarterKit from '@tiptap/starter-kit';
import { Markdown } from '@tiptap/markdown';

/**
 * The document's schema, shared by the visible editor, the headless one that appends inserts and
 * the exports: headings, bold, italic, lists, links, quotes, code, undo/redo. Markdown from the chat
 * is parsed into these nodes only; raw HTML in a reply has no node to become.
 */
export function documentExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
      },
    }),
    Markdown,
  ];
}
