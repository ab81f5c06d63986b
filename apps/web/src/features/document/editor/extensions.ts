import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { Markdown } from '@tiptap/markdown';
import { Collaboration } from '@tiptap/extension-collaboration';
import type { LiveDocument } from '../live/live-document';
import { FRAGMENT } from '../live/live-document';
import { CollaborationCarets } from './caret';
import { StyleCheck } from './style-check/extension';

/**
 * Links, recognised as typed by linkify, which knows http, https and mailto itself: registering them
 * again after linkify has started only warns (once per scheme and editor). linkify's state is global
 * and costly to build, and the extension resets it whenever an editor goes away, which only undoes
 * custom schemes — there are none — and makes the next editor build it again: it is kept.
 */
const link = Link.extend({ onDestroy() {} }).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: 'https',
});

const starterKit = (options: { undoRedo?: false } = {}) => [
  StarterKit.configure({ heading: { levels: [1, 2, 3] }, link: false, ...options }),
  link,
];

/**
 * The document's schema, shared by the editors and the exports: headings, bold, italic, lists, links,
 * quotes, code, undo/redo. Markdown from the chat is parsed into these nodes only; raw HTML in a
 * reply has no node to become.
 */
export function documentExtensions() {
  return [...starterKit(), Markdown];
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
    ...starterKit({ undoRedo: false }),
    Markdown,
    Collaboration.configure({ document: live.doc, field: FRAGMENT }),
    ...(carets && live.provider
      ? [CollaborationCarets.configure({ awareness: live.provider.awareness })]
      : []),
    ...(styleCheck ? [StyleCheck] : []),
  ];
}
