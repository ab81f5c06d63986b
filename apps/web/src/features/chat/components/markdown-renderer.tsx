import { createContext, useContext, useMemo } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { KnowledgeCitation } from '@redacta/shared';
import { ReplyLink } from './reply-link';
import { CITATION_ELEMENT, CITATION_PROPERTY, CitationLink, remarkCitations } from '@/features/knowledge';

/** Links as ReplyLink draws them (the simple path draws them alike, see simple-markdown.tsx). */
const components: Components = {
  a: ({ node: _node, ...props }) => <ReplyLink {...props} />,
};

/** Where remark-parse looks for the extensions of the parser and of the syntax tree it builds. */
interface ParserData {
  micromarkExtensions?: ReturnType<typeof gfm>[];
  fromMarkdownExtensions?: ReturnType<typeof gfmFromMarkdown>[];
}

/**
 * GitHub-flavoured markdown (tables, strikethrough, task lists, autolinks, footnotes) for reading
 * only: the parser's and the syntax tree's extensions, as remark-gfm adds them, without its half
 * that writes markdown back (replies are never serialised), which would bring mdast-util-to-markdown.
 */
function remarkGfmParse(this: { data: () => unknown }) {
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
const remarkPlugins: NonNullable<Options['remarkPlugins']> = [remarkGfmParse];

/** The sources of the reply being rendered, by their number. */
const CitationsByNumber = createContext<ReadonlyMap<number, KnowledgeCitation>>(new Map());

/**
 * A "[n]" of a known source. One component for every reply and every render: a reply drawn again
 * with its sources as new objects (the conversation read again from the server) keeps its
 * CitationLinks, and a passage open in one stays open.
 */
function CitationElement({ node }: { node?: { properties?: Record<string, unknown> } }) {
  const citation = useContext(CitationsByNumber).get(Number(node?.properties?.[CITATION_PROPERTY]));
  return citation ? <CitationLink citation={citation} /> : null;
}
const citedComponents: Components = { ...components, [CITATION_ELEMENT]: CitationElement };

/**
 * A reply that cites knowledge: its "[n]" become CitationLinks. The only buttons in a reply are
 * these (the model's own HTML is never rendered), so the button element stands for a citation.
 */
function useCitations(citations: KnowledgeCitation[] | undefined) {
  const byNumber = useMemo(
    () => new Map((citations ?? []).map((citation) => [citation.n, citation])),
    [citations],
  );
  // The parser changes only with the numbers cited, not with each new copy of the same sources.
  const numbers = [...byNumber.keys()].join(',');
  const plugins = useMemo(
    () =>
      numbers === ''
        ? remarkPlugins
        : [...remarkPlugins, remarkCitations(new Set(numbers.split(',').map(Number)))],
    [numbers],
  );
  return { byNumber, plugins, components: numbers === '' ? components : citedComponents };
}

/**
 * A reply's markdown as React elements. Raw HTML in the model's output is not rendered (no
 * rehype-raw): react-markdown shows it as text and drops unsafe link protocols. Loaded apart from the
 * chat (markdown-reply.tsx), with the first conversation or message that needs it.
 */
export function MarkdownContent({
  content,
  citations,
}: {
  content: string;
  citations?: KnowledgeCitation[];
}) {
  const cited = useCitations(citations);
  return (
    <CitationsByNumber value={cited.byNumber}>
      <Markdown remarkPlugins={cited.plugins} components={cited.components}>
        {content}
      </Markdown>
    </CitationsByNumber>
  );
}
