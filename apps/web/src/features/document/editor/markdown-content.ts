import type { Editor, JSONContent } from '@tiptap/react';
import { isSafeHref } from './safe-href';

/** Drops link marks whose address is not a web or mail address; the text stays. */
export function withSafeLinks(node: JSONContent): JSONContent {
  const marks = node.marks?.filter(
    (mark) => mark.type !== 'link' || (typeof mark.attrs?.href === 'string' && isSafeHref(mark.attrs.href)),
  );
  return {
    ...node,
    ...(node.marks ? { marks } : {}),
    ...(node.content ? { content: node.content.map(withSafeLinks) } : {}),
  };
}

/** A chat reply as the document's nodes: markdown parsed by the editor's schema, links checked. */
export function markdownToNodes(editor: Editor, markdown: string): JSONContent[] {
  const parsed = editor.markdown?.parse(markdown);
  return (parsed?.content ?? []).map(withSafeLinks);
}

/**
 * Inserts a reply at the cursor or at the end. Into an empty document it replaces the empty
 * paragraph rather than leaving a blank line above the reply.
 */
export function insertMarkdown(editor: Editor, markdown: string, at: 'cursor' | 'end') {
  const nodes = markdownToNodes(editor, markdown);
  if (nodes.length === 0) return;
  if (editor.isEmpty) editor.commands.insertContentAt({ from: 0, to: editor.state.doc.content.size }, nodes);
  else if (at === 'cursor') editor.commands.insertContent(nodes);
  else editor.commands.insertContentAt(editor.state.doc.content.size, nodes);
}
