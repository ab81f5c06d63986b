import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderHeart } from 'lucide-react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { PromptHit } from '../search';
import { cn } from '@/components/ui/cn';
import { LanguageBadge } from './language-badge';

export const optionId = (listId: string, promptId: string) => `${listId}-${promptId}`;

/**
 * Up to this many prompts are all in the page. A workspace's own prompts can run to a thousand and
 * more: then only the rows near the visible part are (docs/benchmarks.md has the figures).
 */
export const RENDER_ALL_UP_TO = 120;

interface PromptListProps {
  listId: string;
  label: string;
  hits: PromptHit[];
  activeId: string | null;
  onActivate: (id: string) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  empty: ReactNode;
}

const listClass =
  'min-h-0 overflow-y-auto p-2 outline-none focus-visible:ring-2 focus-visible:ring-primary/40';

/**
 * The prompts of the chosen category or search as a listbox; the highlighted one is previewed.
 * The search field drives it too (aria-activedescendant), so arrows work from either.
 */
export function PromptList(props: PromptListProps) {
  if (props.hits.length === 0) return <div className="p-4">{props.empty}</div>;
  return props.hits.length > RENDER_ALL_UP_TO ? (
    <VirtualPromptList {...props} />
  ) : (
    <FullPromptList {...props} />
  );
}

function FullPromptList({ listId, label, hits, activeId, onActivate, onKeyDown }: PromptListProps) {
  useEffect(() => {
    if (activeId) document.getElementById(optionId(listId, activeId))?.scrollIntoView({ block: 'nearest' });
  }, [activeId, listId]);

  return (
    <div
      id={listId}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={activeId ? optionId(listId, activeId) : undefined}
      onKeyDown={onKeyDown}
      className={cn(listClass, 'flex flex-col gap-1')}
    >
      {hits.map((hit) => (
        <PromptOption
          key={hit.prompt.id}
          listId={listId}
          hit={hit}
          active={hit.prompt.id === activeId}
          onActivate={onActivate}
        />
      ))}
    </div>
  );
}

/**
 * Only the rows around the visible part are in the page, measured once mounted. The highlighted
 * prompt is always among them, so aria-activedescendant names an element that exists, and the arrow
 * keys scroll it into view. Each row states its place in the whole list for screen readers.
 */
function VirtualPromptList({ listId, label, hits, activeId, onActivate, onKeyDown }: PromptListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const activeIndex = activeId ? hits.findIndex((hit) => hit.prompt.id === activeId) : -1;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= 0 && !indexes.includes(activeIndex)) {
        return [...indexes, activeIndex].sort((a, b) => a - b);
      }
      return indexes;
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: hits.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 72,
    getItemKey: (index) => hits[index]!.prompt.id,
    gap: 4,
    paddingStart: 8,
    paddingEnd: 8,
    overscan: 6,
    rangeExtractor,
  });
  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

  return (
    <div
      ref={scroller}
      id={listId}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={activeId ? optionId(listId, activeId) : undefined}
      onKeyDown={onKeyDown}
      className={cn(listClass, 'py-0')}
    >
      <div role="presentation" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const hit = hits[row.index]!;
          return (
            <PromptOption
              key={row.key}
              listId={listId}
              hit={hit}
              active={hit.prompt.id === activeId}
              onActivate={onActivate}
              position={{ index: row.index, size: hits.length, start: row.start }}
              measure={virtualizer.measureElement}
            />
          );
        })}
      </div>
    </div>
  );
}

function PromptOption({
  listId,
  hit: { prompt, groupName },
  active,
  onActivate,
  position,
  measure,
}: {
  listId: string;
  hit: PromptHit;
  active: boolean;
  onActivate: (id: string) => void;
  /** In a virtual list: the row's index, the list's length and where the row starts. */
  position?: { index: number; size: number; start: number };
  measure?: (element: Element | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      ref={measure}
      id={optionId(listId, prompt.id)}
      role="option"
      aria-selected={active}
      aria-posinset={position ? position.index + 1 : undefined}
      aria-setsize={position?.size}
      data-index={position?.index}
      onClick={() => onActivate(prompt.id)}
      style={position ? { transform: `translateY(${position.start}px)` } : undefined}
      className={cn(
        'cursor-pointer rounded-lg border px-3 py-2',
        position && 'absolute top-0 left-0 w-full',
        active ? 'border-primary/40 bg-primary-soft' : 'border-transparent hover:bg-surface-muted',
      )}
    >
      <span className="flex items-center gap-1.5 text-[13px] font-medium text-text">
        {prompt.custom && (
          <FolderHeart className="size-3.5 shrink-0 text-primary" aria-label={t('prompts.customBadge')} />
        )}
        <span className="min-w-0">{prompt.name}</span>
        {prompt.custom && <LanguageBadge language={prompt.language} />}
      </span>
      {groupName && <span className="block text-[11px] text-text-muted">{groupName}</span>}
      <span className="mt-0.5 line-clamp-2 text-xs text-text-muted">{prompt.text}</span>
    </div>
  );
}
