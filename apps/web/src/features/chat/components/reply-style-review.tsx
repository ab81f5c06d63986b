import { ReplyStyleIssues, type ReplyStyle } from '@/features/style-rules';
import { useReplyRewrite } from '../hooks/use-reply-rewrite';
import { ReplyRewritePreview } from './reply-rewrite-preview';

/**
 * A reply's style findings with their fixes, and a banned phrase's rewrite to accept or discard. Drawn
 * only for a reply with findings: the rewrite's machinery (a transform run, the open workspace, project
 * and brand voice) stays off every other reply of the feed.
 */
export function ReplyStyleReview({ content, style }: { content: string; style: ReplyStyle }) {
  const rewrite = useReplyRewrite(content, style);
  return (
    <>
      <ReplyRewritePreview rewrite={rewrite} />
      <ReplyStyleIssues style={style} onRewrite={rewrite.available ? rewrite.rewrite : undefined} />
    </>
  );
}
