import { memo, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { KnowledgeCitation } from '@redacta/shared';
import { cn } from '@/components/ui/cn';
import { loadMarkdownRenderer, markdownRenderer, subscribeToMarkdownRenderer } from './markdown-loader';
import { simpleMarkdown } from './simple-markdown';

/** Reading styles for replies (16 px, line-height 1.6, like the document), without a typography plugin. */
const prose = cn(
  'text-base leading-[1.6] break-words text-text',
  '[&>*+*]:mt-3 [&_h1]:text-xl [&_h2]:text-lg [&_h3]:text-base [&_h1,&_h2,&_h3,&_h4]:font-semibold',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul,&_ol]:pl-6 [&_li+li]:mt-1 [&_li>p]:inline',
  '[&_a]:text-primary [&_a]:underline [&_strong]:font-semibold',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-text-muted',
  '[&_code]:rounded [&_code]:bg-surface-muted [&_code]:px-1 [&_code]:text-[0.9em]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:block [&_table]:overflow-x-auto [&_table]:border-collapse [&_th,&_td]:border [&_th,&_td]:border-border [&_th,&_td]:px-2 [&_th,&_td]:py-1',
  '[&_hr]:border-border',
);

/** While a reply streams: a blinking caret at the end of the growing text (after its last block). */
const caret = cn(
  "[&>:last-child]:after:ml-0.5 [&>:last-child]:after:inline-block [&>:last-child]:after:animate-pulse [&>:last-child]:after:text-primary [&>:last-child]:after:content-['▍']",
);

/**
 * A reply rendered from markdown (GFM tables, lists, links; raw HTML shown as text, unsafe link
 * protocols dropped: see markdown-renderer.tsx). A saved reply written in the simple part of markdown
 * is drawn without the renderer, exactly as the renderer would draw it (simple-markdown.tsx). Until
 * the renderer is there, a streaming reply shows its caret alone, as before its first words, and
 * another saved one nothing. Memoised on its text: markdown is parsed again only when the text
 * changes, not when the list scrolls or another reply streams.
 */
export const MarkdownReply = memo(function MarkdownReply({
  content,
  streaming,
  citations,
  testId = 'reply-text',
}: {
  content: string;
  streaming: boolean;
  /** The knowledge the reply cites as [n]. */
  citations?: KnowledgeCitation[];
  /** Another name for a text that is not the reply itself (a rewrite's preview inside it). */
  testId?: string;
}) {
  const Content = useSyncExternalStore(subscribeToMarkdownRenderer, markdownRenderer);
  // A streaming reply keeps one renderer while it grows, and a cited one needs the full renderer.
  const simple = useMemo(
    () => (streaming || (citations?.length ?? 0) > 0 ? null : simpleMarkdown(content)),
    [content, streaming, citations],
  );
  const waiting = content !== '' && Content === null && simple === null;
  useEffect(() => {
    if (waiting) void loadMarkdownRenderer();
  }, [waiting]);
  let body: ReactNode = streaming ? <p aria-hidden /> : null;
  if (simple) body = simple;
  else if (content && Content) {
    body =
      Content === 'failed' ? (
        <p className="whitespace-pre-wrap">{content}</p>
      ) : (
        <Content content={content} citations={citations} />
      );
  }
  return (
    <div className={cn(prose, streaming && caret)} data-testid={testId} aria-busy={streaming || undefined}>
      {body}
    </div>
  );
});
