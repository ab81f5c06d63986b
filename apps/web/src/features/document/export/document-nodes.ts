import type { DocumentContent } from '@redacta/shared';
import { isSafeHref } from '../editor/safe-href';

/** The ProseMirror JSON shape the exports walk (what the editor saves). */
export interface DocNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown> | null;
  marks?: { type: string; attrs?: Record<string, unknown> | null }[];
  content?: DocNode[];
}

export const childrenOf = (node: DocNode | DocumentContent): DocNode[] =>
  Array.isArray(node.content) ? (node.content as DocNode[]) : [];

/** The node's link address, when it has one that is safe to follow. */
export const linkHref = (node: DocNode): string | null => {
  const link = node.marks?.find((mark) => mark.type === 'link');
  const href = link?.attrs?.href;
  return typeof href === 'string' && isSafeHref(href) ? href : null;
};
