import { useMemo } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { KnowledgeCitation } from '@redacta/shared';
import { CITATION_ELEMENT, CITATION_PROPERTY, CitationLink, remarkCitations } from '@/features/knowledge';

/**
 * Links from model output open apart from the app and pass no referrer. A link whose address
 * react-markdown dropped as unsafe (`javascript:`, `data:`…) arrives without one: it stays plain text,
 * not a link that would open the app again.
 */
const components: Components = {
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
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

/**
 * A reply that cites knowledge: its "[n]" become CitationLinks. The only buttons in a reply are
 * these (the model's own HTML is never rendered), so the button element stands for a citation.
 */
function useCitations(citations: KnowledgeCitation[] | undefined) {
  return useMemo(() => {
    if (!citations?.length) return { plugins: remarkPlugins, components };
    const byNumber = new Map(citations.map((citation) => [citation.n, citation]));
    const cited: Components = {
      ...components,
      [CITATION_ELEMENT]: ({ node }: { node?: { properties?: Record<string, unknown> } }) => {
        const citation = byNumber.get(Number(node?.properties?.[CITATION_PROPERTY]));
        return citation ? <CitationLink citation={citation} /> : null;
      },
    };
    return { plugins: [...remarkPlugins, remarkCitations(new Set(byNumber.keys()))], components: cited };
  }, [citations]);
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
    <Markdown remarkPlugins={cited.plugins} components={cited.components}>
      {content}
    </Markdown>
  );
}
