import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, FilePlus2, Sparkles } from 'lucide-react';
import { countWords, labelTemplateReply, type KnowledgeCitation, type TemplateOutput } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatCount } from '@/lib/format-count';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { TemplateReplyParts, withoutHeadingOnItsWay } from '@/features/templates';
import type { VersionDraft } from '../hooks/use-chat-stream';
import type { FeedArticleProps } from './conversation-entries';
import { MarkdownReply } from './markdown-reply';

/** What choosing among versions does: keep one as the shown reply, or put one in the document. */
export interface VersionHandlers {
  onUse: (messageId: string) => void;
  onInsert: (markdown: string) => void;
}

function VersionColumn({
  version,
  index,
  streaming,
  citations,
  output,
  handlers,
}: {
  version: VersionDraft;
  index: number;
  streaming: boolean;
  citations: KnowledgeCitation[];
  output: TemplateOutput | undefined;
  handlers?: VersionHandlers;
}) {
  const { t, i18n } = useTranslation();
  const words = version.messageId ? version.wordsCharged : countWords(version.text);
  const ended = version.status !== null;
  const writing = streaming && !ended;
  // A template run's version is read into its parts as one reply is: headed by their labels, on screen
  // and in what is inserted, with each part's length against its limit.
  const written = output && writing ? withoutHeadingOnItsWay(version.text) : version.text;
  const content = output ? labelTemplateReply(written, output) : written;
  const format = (n: number) => formatCount(n, i18n.language);
  return (
    <section
      className="flex min-w-0 flex-1 flex-col gap-2 rounded-lg border border-border bg-surface p-3"
      aria-label={t('chat.variants.version', { n: index + 1 })}
      data-testid="reply-variant"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 text-xs text-text-muted">
        <span className="font-medium text-text">{t('chat.variants.version', { n: index + 1 })}</span>
        <span className="tabular-nums" data-testid="variant-words">
          {version.messageId
            ? t('chat.cost', { count: words, formatted: format(words) })
            : t('chat.variants.words', { count: words, formatted: format(words) })}
        </span>
      </header>
      <MarkdownReply content={content} streaming={writing} citations={citations} />
      {output && <TemplateReplyParts content={written} output={output} writing={writing} />}
      {version.status === 'failed' && <p className="text-xs text-danger">{t('chat.variants.failed')}</p>}
      {!streaming && version.messageId && handlers && (
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button
            size="sm"
            icon={<Check className="size-4" aria-hidden />}
            onClick={() => handlers.onUse(version.messageId!)}
          >
            {t('chat.variants.use')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={<FilePlus2 className="size-4" aria-hidden />}
            onClick={() => handlers.onInsert(content)}
          >
            {t('chat.variants.insert')}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * Versions of one reply written together: side by side on desktop, stacked behind tabs on a phone.
 * Each shows its words as they stream and, once saved, the words it used, "Usar esta" (keep it as the shown
 * reply; the others stay among its versions) and "Insertar" (into the document).
 */
export function ReplyVariants({
  versions,
  streaming,
  demo,
  sources,
  output,
  handlers,
  article,
}: {
  versions: VersionDraft[];
  streaming: boolean;
  demo: boolean;
  /** The knowledge the versions cite as [n]: one list for them all, as they answer one request. */
  sources: KnowledgeCitation[];
  /** A template run's versions: the parts each comes in. */
  output?: TemplateOutput | undefined;
  handlers?: VersionHandlers;
  article?: FeedArticleProps;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(MOBILE_QUERY);
  const [tab, setTab] = useState(0);
  const tabsId = useId();
  const selected = Math.min(tab, versions.length - 1);
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = (selected + (event.key === 'ArrowRight' ? 1 : versions.length - 1)) % versions.length;
    setTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };
  return (
    <article
      className="flex gap-3 rounded-lg outline-offset-4 focus-visible:outline-2 focus-visible:outline-primary"
      data-testid="reply-variants"
      aria-label={t('chat.variants.label')}
      aria-busy={streaming || undefined}
      {...article}
    >
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary">
        <Sparkles className="size-4" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {demo && <p className="text-xs text-text-muted">{t('chat.demoLabel')}</p>}
        {phone && (
          <div role="tablist" aria-label={t('chat.variants.label')} className="flex border-b border-border">
            {versions.map((_, index) => (
              <button
                key={index}
                type="button"
                role="tab"
                id={`${tabsId}-${index}`}
                aria-selected={selected === index}
                aria-controls={`${tabsId}-panel`}
                tabIndex={selected === index ? 0 : -1}
                onClick={() => setTab(index)}
                onKeyDown={onTabKey}
                className={cn(
                  'flex-1 border-b-2 px-2 py-2 text-sm',
                  selected === index
                    ? 'border-primary font-medium text-primary'
                    : 'border-transparent text-text-muted',
                )}
              >
                {t('chat.variants.version', { n: index + 1 })}
              </button>
            ))}
          </div>
        )}
        {phone ? (
          <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${selected}`}>
            <VersionColumn
              version={versions[selected]!}
              index={selected}
              streaming={streaming}
              citations={sources}
              output={output}
              handlers={handlers}
            />
          </div>
        ) : (
          <div className="flex items-stretch gap-3">
            {versions.map((version, index) => (
              <VersionColumn
                key={index}
                version={version}
                index={index}
                streaming={streaming}
                citations={sources}
                output={output}
                handlers={handlers}
              />
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
