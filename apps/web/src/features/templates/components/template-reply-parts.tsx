import { useTranslation } from 'react-i18next';
import { measureTemplateReply, type TemplateOutput, type TemplatePieceLength } from '@redacta/shared';
import { cn } from '@/components/ui/cn';

function Length({ piece, max }: { piece: TemplatePieceLength; max: number | undefined }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="part-length"
      className={cn(
        'shrink-0 text-xs tabular-nums',
        piece.over ? 'font-semibold text-danger' : 'text-text-muted',
      )}
      title={piece.over ? t('templates.parts.over', { max }) : undefined}
    >
      {max === undefined
        ? t('templates.parts.characters', { count: piece.length })
        : `${piece.length}/${max}`}
      {piece.over && <span className="sr-only"> {t('templates.parts.over', { max })}</span>}
    </span>
  );
}

/**
 * A template's reply as far as it has arrived, without a heading line still arriving: "### tit" would
 * show as a heading of its own and count as text of the part before it, until its line ends.
 */
export function withoutHeadingOnItsWay(content: string): string {
  const lineStart = content.lastIndexOf('\n') + 1;
  return /^\s*#/.test(content.slice(lineStart)) ? content.slice(0, lineStart) : content;
}

/**
 * Under a template's reply: each named part with its label and its length against its limit ("27/30"),
 * each item's for a list; over a limit, in the error colour. The reply is read by the shared parser the
 * server checks it with. While it is `writing`, the lengths grow with it, and a part not reached yet,
 * or a list still short of its items, is waited for rather than called wrong.
 */
export function TemplateReplyParts({
  content,
  output,
  writing = false,
}: {
  content: string;
  output: TemplateOutput;
  writing?: boolean;
}) {
  const { t } = useTranslation();
  const parts = measureTemplateReply(content, output);
  return (
    <section
      aria-label={t('templates.parts.title')}
      data-testid="template-parts"
      className="flex flex-col gap-2 rounded-lg border border-border bg-surface-muted p-3 text-sm"
    >
      <h3 className="text-xs font-semibold tracking-wide text-text-muted uppercase">
        {t('templates.parts.title')}
      </h3>
      <ul className="flex flex-col gap-2">
        {parts.map(({ part, pieces, wrongItemCount, missing }) => (
          <li key={part.key} data-testid="template-part" className="flex flex-col gap-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">{part.label}</span>
              {missing && writing ? (
                <span className="text-xs text-text-muted">{t('templates.parts.waiting')}</span>
              ) : missing ? (
                <span className="text-xs font-semibold text-danger">{t('templates.parts.missing')}</span>
              ) : part.items ? (
                <span
                  className={cn(
                    'text-xs tabular-nums',
                    wrongItemCount && !writing ? 'font-semibold text-danger' : 'text-text-muted',
                  )}
                >
                  {t('templates.parts.items', { count: pieces.length, max: part.items })}
                </span>
              ) : (
                <Length piece={pieces[0]!} max={part.maxChars} />
              )}
            </div>
            {part.items && pieces.length > 0 && (
              <ol className="flex flex-col gap-0.5">
                {pieces.map((piece, index) => (
                  <li key={index} className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 truncate text-text-muted" title={piece.text}>
                      {piece.text}
                    </span>
                    <Length piece={piece} max={part.maxChars} />
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
