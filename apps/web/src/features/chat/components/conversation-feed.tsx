import {
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { ConversationEntry, EditReplyBody, ReactionValue, TemplateOutput } from '@redacta/shared';
import { isLocalId } from '../hooks/conversation-cache';
import { AssistantReply, UserMessage, type FeedArticleProps } from './conversation-entries';
import { feedExitKey, tabStopBefore } from './feed-keys';
import { ReplyVariants } from './reply-variants';
import { COLUMN_MAX_PX, estimateRowHeight, type FeedRow } from './feed-rows';
import { afterNextPaint } from '@/lib/after-next-paint';

export interface ConversationHandlers {
  onInsert: (markdown: string) => void;
  /** Regenerates the reply shown as `replyId` (the conversation's last entry). */
  onRegenerate: (replyId: string) => void;
  onReact: (entryId: string, value: ReactionValue | null) => void;
  onShowVersion: (versionId: string) => void;
  /** Saves the style fixes or ignored findings of the reply version `entryId`. */
  onEdit: (entryId: string, edit: EditReplyBody) => void;
  /** Keeps one of the versions written side by side as the shown reply. */
  onUseVersion: (versionId: string) => void;
}

/** What the chat asks of its feed. */
export interface ConversationFeedHandle {
  /** Scrolls to the newest entry (a message was sent, or the reader asked for it). */
  scrollToLatest: (options?: { focus?: boolean }) => void;
}

/** Older pages of the conversation, read on demand. */
export interface OlderEntries {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  load: () => void;
}

/** Within this many pixels of the end, the reader is at the latest entry (and the feed follows it). */
export const AT_END_PX = 48;
/** Older entries are asked for when the reader is this many screens from the top of what is loaded. */
const LOAD_OLDER_SCREENS = 1.5;
/**
 * Rows rendered beyond each edge of the screen, so a short scroll shows text at once; from the
 * feed's second frame on (useFirstFrameDrawn). Its first frame holds only the rows on screen: each
 * row drawn is a reply's markdown parsed and a row measured before the conversation first shows
 * (at the end of a long conversation on a phone, one reply instead of three).
 */
const OVERSCAN_ROWS = 4;

/** False until the first frame with this component has been painted. */
function useFirstFrameDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => afterNextPaint(() => setDrawn(true)), []);
  return drawn;
}

/**
 * One saved entry. Memoised: a render of the feed (a scroll, a chunk of the streamed reply)
 * re-renders an entry only when its data or its place changed; its markdown only when its text did.
 */
const SavedEntry = memo(function SavedEntry({
  entry,
  author,
  output,
  canRegenerate,
  handlers,
  posinset,
  setsize,
}: {
  entry: ConversationEntry;
  /** A teammate's request: their name. */
  author?: string;
  output?: TemplateOutput | undefined;
  canRegenerate: boolean;
  handlers: ConversationHandlers;
  posinset: number;
  setsize: number;
}) {
  const { t } = useTranslation();
  const article: FeedArticleProps = {
    'aria-posinset': posinset,
    'aria-setsize': setsize,
    tabIndex: 0,
    'data-entry-id': entry.id,
  };
  const replyHandlers = useMemo(
    () => ({
      onInsert: handlers.onInsert,
      onRegenerate: () => handlers.onRegenerate(entry.id),
      onReact: (value: ReactionValue | null) => handlers.onReact(entry.id, value),
      onShowVersion: handlers.onShowVersion,
    }),
    [entry.id, handlers],
  );
  // A stopped reply's id is the client's until the server names it: nothing to save it on yet.
  const saved = !isLocalId(entry.id);
  const onEdit = useCallback((edit: EditReplyBody) => handlers.onEdit(entry.id, edit), [entry.id, handlers]);
  if (entry.role === 'user') {
    return (
      <UserMessage
        content={entry.content}
        author={author ?? (entry.formerMember ? t('chat.formerMember') : undefined)}
        apiKeyName={entry.author?.apiKey?.name}
        article={article}
      />
    );
  }
  return (
    <AssistantReply
      entry={entry}
      canReact={saved}
      canRegenerate={canRegenerate}
      handlers={replyHandlers}
      onEdit={saved ? onEdit : undefined}
      article={article}
      output={output}
    />
  );
});

function Row({
  row,
  index,
  count,
  idle,
  hasOlder,
  handlers,
}: {
  row: FeedRow;
  index: number;
  count: number;
  idle: boolean;
  hasOlder: boolean;
  handlers: ConversationHandlers;
}) {
  // With older entries still unread the feed's size is unknown (-1).
  const setsize = hasOlder ? -1 : count;
  const article: FeedArticleProps = { 'aria-posinset': index + 1, 'aria-setsize': setsize, tabIndex: 0 };
  if (row.kind === 'request') {
    return (
      <UserMessage content={row.content} author={row.author} apiKeyName={row.apiKeyName} article={article} />
    );
  }
  if (row.kind === 'versions') {
    return (
      <ReplyVariants
        versions={row.versions}
        streaming={row.streaming}
        demo={row.demo}
        sources={row.sources}
        output={row.output}
        handlers={{ onUse: handlers.onUseVersion, onInsert: handlers.onInsert }}
        article={article}
      />
    );
  }
  if (row.kind === 'reply') {
    return (
      <AssistantReply
        streaming
        entry={{
          content: row.content,
          status: 'complete',
          reaction: null,
          demo: row.demo,
          sources: row.sources,
        }}
        article={article}
        output={row.output}
      />
    );
  }
  return (
    <SavedEntry
      entry={row.entry}
      author={row.author}
      output={row.output}
      // Only the last request's reply: later requests were answered with this one in their history.
      // A stopped reply is regenerated by its saved id, which it carries once the server has saved it.
      canRegenerate={idle && index === count - 1 && !isLocalId(row.entry.id)}
      handlers={handlers}
      posinset={index + 1}
      setsize={setsize}
    />
  );
}

/** Where the feed sits in its scroller: how far down the scroller's content it starts, and how wide it is. */
interface FeedPlace {
  top: number;
  width: number;
}

/**
 * The feed's scroller (the ancestor carrying `data-chat-scroller`) and the feed's place in it. Before
 * the feed is in the page, the window stands in for the scroller: the first render already draws
 * the newest entries, and the feed renders again only when the scroller's measures differ.
 */
function useScroller(feed: RefObject<HTMLElement | null>) {
  const scroller = useRef<HTMLElement | null>(null);
  const [place, setPlace] = useState<FeedPlace>(() => ({ top: 0, width: window.innerWidth }));
  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element || !feed.current) return;
    const next = { top: feed.current.offsetTop, width: element.clientWidth || COLUMN_MAX_PX };
    setPlace((current) => (current.top === next.top && current.width === next.width ? current : next));
  }, [feed]);
  // The ancestor's own ref is set only after this feed's layout effects have run: it is found from
  // the feed's element, before the virtualizer (declared after this hook) looks for it.
  useLayoutEffect(() => {
    scroller.current = feed.current?.closest<HTMLElement>('[data-chat-scroller]') ?? null;
    measure();
  }, [feed, measure]);
  return { scroller, place, measure };
}

/**
 * The conversation as a virtualized feed: only the entries on screen (and a few around) are in the
 * page, each measured once drawn, so a conversation of thousands of entries costs what a screenful
 * does. It opens at the newest entry; older pages are read as the reader nears the top, and the
 * entry they were reading stays where it was; while the reader is at the end a growing reply and new
 * entries keep the view at the end, otherwise nothing moves under them (the virtualizer's end
 * anchoring). For assistive technology it is a feed of articles with their positions, busy while an
 * older page loads. From the keyboard (see docs/ui.md, "Keyboard"): Page Down and Page Up move between
 * entries, Page Up on the first one loaded reads the older page and moves into it; Ctrl+Home leaves
 * the feed for the control before it, Ctrl+End for `after`. The entry holding the focus stays in the
 * page when it scrolls out of view, and when it is replaced (a streamed reply saved) the entry now
 * in its place takes the focus, so it never falls to the page body.
 */
export function ConversationFeed({
  ref,
  rows,
  idle,
  older,
  handlers,
  after,
  onAtEndChange,
}: {
  ref?: Ref<ConversationFeedHandle>;
  rows: FeedRow[];
  /** No reply is on its way: the last reply may be regenerated. */
  idle: boolean;
  older: OlderEntries;
  handlers: ConversationHandlers;
  /**
   * Where Ctrl+End takes the focus: the composer. In the document the feed's own floating controls
   * ("go to the latest message", "try again") come between the two, and a reader leaving the feed is
   * not after those.
   */
  after: RefObject<HTMLElement | null>;
  onAtEndChange: (atEnd: boolean) => void;
}) {
  const { t } = useTranslation();
  const feedRef = useRef<HTMLDivElement>(null);
  const { scroller, place, measure } = useScroller(feedRef);
  const scrollMargin = place.top;
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const focusedIndex = focusedKey === null ? -1 : rows.findIndex((row) => row.key === focusedKey);
  /** Where the focused entry was last seen: its place goes to the entry that replaces it. */
  const lastFocusedIndex = useRef(-1);
  /** Page Up on the first entry loaded: the key of that entry, whose predecessor takes the focus. */
  const pageUpFrom = useRef<string | null>(null);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedIndex < 0 || indexes.includes(focusedIndex)) return indexes;
      return [...indexes, focusedIndex].sort((a, b) => a - b);
    },
    [focusedIndex],
  );
  const getItemKey = useCallback((index: number) => rows[index]!.key, [rows]);
  const scrollerWidth = place.width;
  const firstFrameDrawn = useFirstFrameDrawn();
  const estimateSize = useCallback(
    (index: number) => estimateRowHeight(rows[index]!, scrollerWidth),
    [rows, scrollerWidth],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    // Until the scroller is there, the window's size and the end of the estimated entries stand in
    // for it: the first render draws the newest entries, not the oldest ones at the top of the page.
    // The window is at least as tall as the scroller, so what is drawn covers its end.
    initialRect: { width: scrollerWidth, height: window.innerHeight },
    initialOffset: () => {
      let total = 0;
      for (let index = 0; index < rows.length; index += 1) total += estimateSize(index);
      return Math.max(total - window.innerHeight, 0);
    },
    getItemKey,
    rangeExtractor,
    overscan: firstFrameDrawn ? OVERSCAN_ROWS : 0,
    scrollMargin,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
  });

  // Opens at the newest entry: the exact end, once the scroller and the entries drawn are measured.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  /** Focuses an entry once it is drawn; `scroll` brings it into view first. */
  const focusRow = useCallback(
    (index: number, { scroll = true } = {}) => {
      if (scroll) virtualizer.scrollToIndex(index, { align: 'auto' });
      let frames = 0;
      const tryFocus = () => {
        const article = feedRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] > article`);
        if (article) article.focus({ preventScroll: !scroll });
        else if ((frames += 1) < 30) requestAnimationFrame(tryFocus);
      };
      requestAnimationFrame(tryFocus);
    },
    [virtualizer],
  );

  useImperativeHandle(
    ref,
    () => ({
      scrollToLatest: ({ focus = false } = {}) => {
        virtualizer.scrollToEnd();
        if (focus && rows.length > 0) focusRow(rows.length - 1, { scroll: false });
      },
    }),
    [focusRow, rows.length, virtualizer],
  );

  const atEnd = virtualizer.isAtEnd(AT_END_PX);
  useEffect(() => onAtEndChange(atEnd), [atEnd, onAtEndChange]);

  // A reader at the end stays there when the view gets shorter (a phone turning, the keyboard
  // opening, the composer growing) and when the entries do (a saved reply drawn taller than the
  // streamed one it replaces, which is not an append the virtualizer follows). Where the reader is
  // comes from scroll events only: a layout change on its way does not move it. A narrower view (the
  // document pane opening beside it) changes how tall an entry not drawn yet is guessed to be.
  useEffect(() => {
    const element = scroller.current;
    const entries = feedRef.current;
    if (!element || !entries || typeof ResizeObserver === 'undefined') return;
    let pinned = true;
    const onScroll = () => {
      pinned = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX;
    };
    const observer = new ResizeObserver((resized) => {
      if (pinned) virtualizer.scrollToEnd();
      // The entries grow with every chunk of a streamed reply; only the scroller's own size moves
      // the feed's place in it.
      if (resized.some((entry) => entry.target === element)) measure();
    });
    element.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(element);
    observer.observe(entries);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [measure, scroller, virtualizer]);

  // Older entries are read before the reader reaches the top, so scrolling up rarely waits.
  const { hasMore, loading, failed, load } = older;
  useEffect(() => {
    const element = scroller.current;
    if (!element || !hasMore || loading || failed) return;
    const check = () => {
      if (element.scrollTop - scrollMargin < element.clientHeight * LOAD_OLDER_SCREENS) load();
    };
    // Checked at once when older entries have just come (the reader may still be near the top) or
    // when the entries do not fill the screen; not while the feed is still opening at the end.
    if (element.scrollTop > 0 || element.scrollHeight <= element.clientHeight) check();
    element.addEventListener('scroll', check, { passive: true });
    return () => element.removeEventListener('scroll', check);
  }, [failed, hasMore, load, loading, scrollMargin, scroller]);

  // The older page asked for by Page Up has come: the entry just above the one the reader was on
  // takes the focus (the entries above it were added without moving the view).
  useEffect(() => {
    const from = pageUpFrom.current;
    if (from === null) return;
    const index = rows.findIndex((row) => row.key === from);
    if (index === 0 && (loading || hasMore)) return;
    pageUpFrom.current = null;
    if (index > 0) focusRow(index - 1);
  }, [focusRow, hasMore, loading, rows]);

  // The focused entry's row is gone while the focus was in it (the exchange on its way was saved, a
  // reply being regenerated gave its place to the new one): the browser dropped the focus on the page
  // body; the entry now in its place takes it instead.
  useLayoutEffect(() => {
    if (focusedIndex >= 0) {
      lastFocusedIndex.current = focusedIndex;
      return;
    }
    if (focusedKey === null) return;
    const active = document.activeElement;
    if (rows.length === 0 || (active !== null && active !== document.body)) {
      setFocusedKey(null);
      return;
    }
    // Marked as focused first, so the virtualizer draws it wherever the view is.
    const index = Math.min(lastFocusedIndex.current, rows.length - 1);
    setFocusedKey(rows[index]!.key);
    focusRow(index, { scroll: false });
  }, [focusRow, focusedIndex, focusedKey, rows]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only from an entry (or a control in it), not from anything rendered elsewhere through a portal.
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!row || !event.currentTarget.contains(row)) return;
    const exit = feedExitKey(event);
    if (exit) {
      const target = exit === 'after' ? after.current : tabStopBefore(event.currentTarget);
      if (!target) return;
      event.preventDefault();
      pageUpFrom.current = null;
      target.focus();
      return;
    }
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
    const index = Number(row.dataset.index);
    const target = index + (event.key === 'PageDown' ? 1 : -1);
    if (target < 0 && hasMore) {
      event.preventDefault();
      pageUpFrom.current = rows[index]!.key;
      if (!loading) load();
      return;
    }
    if (target < 0 || target >= rows.length) return;
    event.preventDefault();
    pageUpFrom.current = null;
    focusRow(target);
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const key = row ? rows[Number(row.dataset.index)]?.key : undefined;
    if (key !== undefined && key !== focusedKey) setFocusedKey(key);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    pageUpFrom.current = null;
    setFocusedKey(null);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={feedRef}
      role="feed"
      aria-label={t('chat.conversation')}
      aria-busy={loading || undefined}
      data-testid="conversation"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {items.map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          // Each row carries the space under it (the column's gap), so the last row ends where the
          // scroller does and "the end" means the same to the virtualizer and to the browser.
          className="absolute inset-x-0 top-0 pb-6"
          style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
        >
          <Row
            row={rows[item.index]!}
            index={item.index}
            count={rows.length}
            idle={idle}
            hasOlder={hasMore}
            handlers={handlers}
          />
        </div>
      ))}
    </div>
  );
}
