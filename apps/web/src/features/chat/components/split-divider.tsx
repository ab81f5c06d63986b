import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { CHAT_MIN_WIDTH, DOCUMENT_MIN_WIDTH } from '../hooks/use-panel-width';

const KEY_STEP_PX = 24;

/**
 * The handle between the conversation and the document: drag it, or focus it and use the arrow
 * keys (Home/End for the limits). The document is on the right, so moving left widens it.
 */
export function SplitDivider({
  width,
  onResize,
  container,
}: {
  width: number;
  onResize: (width: number, available: number) => void;
  container: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const dragging = useRef(false);
  const box = () => container.current?.getBoundingClientRect();
  const available = () => box()?.width ?? width + CHAT_MIN_WIDTH;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const rect = box();
    if (!dragging.current || !rect) return;
    onResize(rect.right - event.clientX, rect.width);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const room = available();
    const moves: Record<string, number> = {
      ArrowLeft: width + KEY_STEP_PX,
      ArrowRight: width - KEY_STEP_PX,
      Home: DOCUMENT_MIN_WIDTH,
      End: room - CHAT_MIN_WIDTH,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onResize(next, room);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-controls="chat-pane-document"
      aria-label={t('chat.resizeDocument')}
      aria-valuemin={DOCUMENT_MIN_WIDTH}
      aria-valuemax={Math.max(DOCUMENT_MIN_WIDTH, Math.round(available() - CHAT_MIN_WIDTH))}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
      className={cn(
        'group relative w-1.5 shrink-0 cursor-col-resize touch-none bg-border/60 transition-colors',
        'hover:bg-primary/40 focus-visible:bg-primary focus-visible:outline-none',
      )}
    >
      <span className="absolute inset-y-0 -right-1.5 -left-1.5" aria-hidden />
    </div>
  );
}
