import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as Popover from '@radix-ui/react-popover';
import { X } from 'lucide-react';
import type { KnowledgeCitation } from '@redacta/shared';
import { locatorText } from '../format';
import { passageText } from '../passage-text';

/**
 * A reply's [n]: a link-like button opening the passage it cites (its source's name, its place in
 * it, the excerpt the model was given, without its Markdown marks). The passage opens as a popover
 * that takes the focus; Escape, its close button or a click elsewhere close it and the focus goes
 * back to the [n].
 */
export function CitationLink({ citation }: { citation: KnowledgeCitation }) {
  const { t } = useTranslation();
  const titleId = useId();
  const place = locatorText(t, citation.locator);
  return (
    <Popover.Root>
      <Popover.Trigger
        data-testid="citation"
        aria-label={t('knowledge.citation.open', { n: citation.n, name: citation.name })}
        className="mx-0.5 rounded align-baseline text-[0.85em] font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
      >
        [{citation.n}]
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={titleId}
          data-testid="citation-passage"
          className="animate-fade-in z-[70] flex w-[min(92vw,380px)] flex-col gap-2 rounded-xl border border-border bg-surface p-4 text-sm text-text shadow-xl"
        >
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <p id={titleId} className="font-semibold break-words">
                <span className="text-text-muted">[{citation.n}]</span> {citation.name}
              </p>
              {place && <p className="text-xs break-words text-text-muted">{place}</p>}
            </div>
            <Popover.Close
              className="-mt-1 -mr-2 rounded-lg p-2 text-text-muted hover:bg-surface-muted hover:text-text focus-visible:outline-2 focus-visible:outline-primary"
              aria-label={t('common.close')}
              title={t('common.close')}
            >
              <X className="size-4" aria-hidden />
            </Popover.Close>
          </div>
          <blockquote className="max-h-60 overflow-y-auto border-l-4 border-border pl-3 leading-relaxed break-words whitespace-pre-line text-text-muted">
            {passageText(citation.excerpt)}
          </blockquote>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
