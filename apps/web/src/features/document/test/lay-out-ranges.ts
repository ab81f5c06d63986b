/**
 * jsdom lays nothing out, and its ranges have no boxes: the editor measures one to scroll the
 * selection into view, and the style popover and the transform preview place themselves by the
 * text's coordinates. Empty boxes (all at 0) do for tests. Returns what puts jsdom's own back.
 */
export function layOutRanges(): () => void {
  const own = {
    getClientRects: Range.prototype.getClientRects,
    getBoundingClientRect: Range.prototype.getBoundingClientRect,
  };
  Object.assign(Range.prototype, {
    getClientRects: () => [] as unknown as DOMRectList,
    getBoundingClientRect: () => new DOMRect(),
  });
  return () => Object.assign(Range.prototype, own);
}
