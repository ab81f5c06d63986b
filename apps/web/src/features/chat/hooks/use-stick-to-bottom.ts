import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Within this many pixels of the end, the reader counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;

/**
 * While a reply streams, the view follows the growing text only while the reader is at the bottom;
 * scrolling up to read stops it, scrolling back down resumes it. `follow()` jumps to the end (a new
 * message was sent). An empty conversation (the welcome) stays at its top.
 */
export function useStickToBottom(
  container: RefObject<HTMLElement | null>,
  content: unknown,
  enabled: boolean,
) {
  const atBottom = useRef(true);

  const onScroll = useCallback(() => {
    const element = container.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
  }, [container]);

  const follow = useCallback(() => {
    atBottom.current = true;
    const element = container.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [container]);

  useLayoutEffect(() => {
    const element = container.current;
    if (enabled && element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [container, content, enabled]);

  // A narrower or shorter view (rotating a phone, dragging the divider) rewraps the text: stay at the end.
  useEffect(() => {
    const element = container.current;
    if (!enabled || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [container, enabled]);

  return { onScroll, follow };
}
