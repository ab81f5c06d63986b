import StarterKit from '@tiptap/starter-kit';
import { Markdown } from '@tiptap/markdown';
import { Collaboration } from '@tiptap/extension-collaboration';
import type { LiveDocument } from '../live/live-document';
import { FRAGMENT } from '../live/live-document';
import { CollaborationCarets } from './caret';
import { StyleCheck } from './style-check/extension';

const starterKit = (options: { undoRedo?: false } = {}) =>
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https', 'mailto'],
    },
    ...options,
  });

/**
 * The document's schema, shared by the editors and the exports: headings, bold, italic, lists, links,
 * quotes, code, undo/redo. Markdown from the chat is parsed into these nodes only; raw HTML in a
 * reply has no node to become.
 */
export function documentExtensions() {
  return [starterKit(), Markdown];
}

/**
 * The same schema bound to a live document: content from its Yjs fragment, undo and redo of this
 * person's own changes only (the collaboration extension's), when `carets` is set everyone else's
 * caret, and when `styleCheck` is set the style rules' underlines.
 */
export function liveExtensions(
  live: Pick<LiveDocument, 'doc'> & Partial<Pick<LiveDocument, 'provider'>>,
  { carets, styleCheck = false }: { carets: boolean; styleCheck?: boolean },
) {
  return [
    starterKit({ undoRedo: false }),
    Markdown,
    Collaboration.configure({ document: live.doc, field: FRAGMENT }),
    ...(carets && live.provider
      ? [CollaborationCarets.configure({ awareness: live.provider.awareness })]
      : []),
    ...(styleCheck ? [StyleCheck] : []),
  ];
}
