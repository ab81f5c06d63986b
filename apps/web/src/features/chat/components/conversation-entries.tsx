import { useRef, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CircleStop, FlaskConical, Sparkles } from 'lucide-react';
import {
  labelTemplateReply,
  type ConversationEntry,
  type EditReplyBody,
  type TemplateOutput,
} from '@redacta/shared';
import { cn } from '@/components/ui/cn';
import { MarkdownReply } from './markdown-reply';
import { ReplyActions, type ReplyActionHandlers } from './reply-actions';
import { useReplyStyle } from '@/features/style-rules';
import { TemplateReplyParts, withoutHeadingOnItsWay } from '@/features/templates';
import { ReplyStyleReview } from './reply-style-review';

/**
 * What the conversation's feed puts on each entry's article: its place in the feed, a tab stop
 * (Page Up / Page Down move between entries from there) and the saved entry's id.
 */
export type FeedArticleProps = Pick<
  HTMLAttributes<HTMLElement>,
  'aria-posinset' | 'aria-setsize' | 'tabIndex'
> & { 'data-entry-id'?: string };

/** A visible ring when the keyboard reaches an entry. */
const articleFocus = 'rounded-lg outline-offset-4 focus-visible:outline-2 focus-visible:outline-primary';

/** A request: plain text, as typed (line breaks kept); a teammate's carries their name. */
export function UserMessage({
  content,
  author: person,
  apiKeyName,
  article,
}: {
  content: string;
  author?: string;
  /** Sent through this API key: shown as "API · <key name>", whoever made the key. */
  apiKeyName?: string | undefined;
  article?: FeedArticleProps;
}) {
  const { t } = useTranslation();
  const author = apiKeyName ? t('common.apiAuthor', { name: apiKeyName }) : person;
  return (
    <article
      className={cn('flex flex-col items-end gap-1', articleFocus)}
      aria-label={author ? t('chat.live.messageFrom', { name: author }) : t('chat.you')}
      {...article}
    >
      {author && (
        <p data-testid="message-author" className="text-xs font-medium text-text-muted">
          {author}
        </p>
      )}
      <div
        data-testid="user-message"
        className="max-w-[85%] rounded-2xl rounded-br-md bg-primary-soft px-4 py-2.5 text-base leading-[1.6] break-words whitespace-pre-wrap text-text"
      >
        {content}
      </div>
    </article>
  );
}

function EndMark({ status }: { status: ConversationEntry['status'] }) {
  const { t } = useTranslation();
  if (status === 'complete') return null;
  const stopped = status === 'aborted';
  const Icon = stopped ? CircleStop : AlertTriangle;
  return (
    <p
      data-testid="reply-status"
      className={
        stopped
          ? 'inline-flex items-center gap-1.5 self-start rounded-full bg-surface-muted px-2.5 py-0.5 text-xs text-text-muted'
          : 'inline-flex items-center gap-1.5 self-start rounded-full bg-danger/10 px-2.5 py-0.5 text-xs text-danger'
      }
    >
      <Icon className="size-3.5" aria-hidden />
      {stopped ? t('chat.stopped') : t('chat.incomplete')}
    </p>
  );
}

/** Sample text of the offline demo writer is labelled as such, beside the reply rather than in it. */
function DemoLabel() {
  const { t } = useTranslation();
  return (
    <p
      data-testid="demo-label"
      className="inline-flex items-center gap-1.5 self-start rounded-full bg-surface-muted px-2.5 py-0.5 text-xs text-text-muted"
    >
      <FlaskConical className="size-3.5" aria-hidden />
      {t('chat.demoLabel')}
    </p>
  );
}

/**
 * A reply of the AI: markdown, a caret while it grows, how it ended, a template run's parts with their
 * lengths, and its actions once done.
 */
export function AssistantReply({
  entry,
  streaming = false,
  canReact = true,
  canRegenerate = false,
  handlers,
  onEdit,
  article,
  output,
}: {
  entry: Pick<ConversationEntry, 'content' | 'status' | 'reaction' | 'demo'> &
    Partial<Pick<ConversationEntry, 'id' | 'versions' | 'sources' | 'wordsCharged' | 'ignoredFindings'>>;
  streaming?: boolean;
  canReact?: boolean;
  canRegenerate?: boolean;
  handlers?: ReplyActionHandlers;
  /** Saves the reply's style fixes or ignored findings: a saved reply's, which may be changed. */
  onEdit?: (edit: EditReplyBody) => void;
  article?: FeedArticleProps;
  /** A template run's reply: the parts it comes in. */
  output?: TemplateOutput | undefined;
}) {
  const { t } = useTranslation();
  const versions = entry.versions ?? [];
  const shown = versions.findIndex((version) => version.id === entry.id);
  // A finished reply is checked against the style rules; its fixes are saved on it, so the text shown,
  // copied and inserted is the fixed one.
  const style = useReplyStyle(
    entry,
    !streaming && entry.status === 'complete' && handlers !== undefined ? onEdit : undefined,
  );
  const text = useRef<HTMLDivElement>(null);
  // A template run's reply is read into its parts as it arrives, by the parser its finished text is
  // read with; its parts are headed by their labels, on screen and in what is copied or inserted.
  const written = output && streaming ? withoutHeadingOnItsWay(entry.content) : entry.content;
  const content = output ? labelTemplateReply(written, output) : written;
  return (
    <article
      className={cn('flex gap-3', articleFocus)}
      data-testid="assistant-reply"
      aria-label={t('chat.reply')}
      {...article}
    >
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary">
        <Sparkles className="size-4" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {entry.demo && <DemoLabel />}
        <div ref={text}>
          <MarkdownReply content={content} streaming={streaming} citations={entry.sources} />
        </div>
        {!streaming && <EndMark status={entry.status} />}
        {output && <TemplateReplyParts content={written} output={output} writing={streaming} />}
        {style.violations.length > 0 && <ReplyStyleReview content={entry.content} style={style} />}
        {!streaming && handlers && (
          <ReplyActions
            content={content}
            rendered={() => text.current?.querySelector('[data-testid="reply-text"]') ?? null}
            wordsCharged={entry.wordsCharged ?? 0}
            reaction={entry.reaction}
            canReact={canReact}
            canRegenerate={canRegenerate}
            versions={shown >= 0 ? { ids: versions.map((version) => version.id), shown } : null}
            handlers={handlers}
          />
        )}
      </div>
    </article>
  );
}
