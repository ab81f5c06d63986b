import { TransformPreview } from '@/features/document';
import type { ReplyRewrite } from '../hooks/use-reply-rewrite';
import { MarkdownReply } from './markdown-reply';

/** A banned phrase's sentence rewritten, inside the reply under its text, to accept or discard. */
export function ReplyRewritePreview({ rewrite }: { rewrite: ReplyRewrite }) {
  if (!rewrite.run) return null;
  return (
    <div data-testid="reply-rewrite" className="rounded-lg border border-border bg-surface">
      <TransformPreview
        run={rewrite.run}
        conflict={rewrite.conflict}
        onAccept={rewrite.accept}
        onDiscard={rewrite.discard}
        onRetry={rewrite.retry}
        onStop={rewrite.stop}
        // The sentence is the reply's Markdown: drawn as the reply is, not with its marks showing.
        renderResult={(text, streaming) => (
          <MarkdownReply content={text} streaming={streaming} testId="reply-rewrite-text" />
        )}
      />
    </div>
  );
}
