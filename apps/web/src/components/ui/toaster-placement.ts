/** Where the toasts go. Named after the toaster so the build keeps it in the first chunk with it. */
/** Distance of the toasts from the window's edges and from what they keep clear of. */
export const TOAST_EDGE_PX = 16;
export const TOAST_MAX_WIDTH_PX = 350;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface PlacementInput {
  viewport: { width: number; height: number };
  /** ≤ 768 px: toasts are centred; above it they sit at the right. */
  mobile: boolean;
  /** Headers, tab bars and toolbars: toasts go below those in their column. */
  headers: Box[];
  /** The controls of an open dialog, menu or panel: toasts never lie over them. */
  obstacles: Box[];
  /** A modal layer is open: the page under its overlay (headers included) takes no clicks. */
  modal: boolean;
  /** How tall the toasts on screen are together. */
  stackHeight: number;
}

/** The horizontal band the toasts occupy: the right edge on desktop, the centre on phones. */
export function toastColumn({ width }: { width: number }, mobile: boolean): { left: number; right: number } {
  const toastWidth = Math.min(TOAST_MAX_WIDTH_PX, width - 2 * TOAST_EDGE_PX);
  if (mobile) {
    const left = (width - toastWidth) / 2;
    return { left, right: left + toastWidth };
  }
  return { left: width - TOAST_EDGE_PX - toastWidth, right: width - TOAST_EDGE_PX };
}

/**
 * How far from the top of the window the toasts start: just below the lowest header in their column
 * (so they never cover its controls), and, while a dialog or panel is open, in a place where they
 * cover none of its controls — above its top when its overlay makes the page inert, or below one of
 * its controls. When no such place exists they stay below the headers.
 */
export function toastTop({
  viewport,
  mobile,
  headers,
  obstacles,
  modal,
  stackHeight,
}: PlacementInput): number {
  const column = toastColumn(viewport, mobile);
  const inColumn = (box: Box) => box.right > column.left && box.left < column.right && box.bottom > 0;
  const belowHeaders = Math.max(
    TOAST_EDGE_PX,
    ...headers.filter(inColumn).map((box) => Math.min(box.bottom, viewport.height) + TOAST_EDGE_PX),
  );
  const blockers = obstacles.filter(inColumn);
  const fits = (top: number) =>
    top + stackHeight <= viewport.height - TOAST_EDGE_PX &&
    !blockers.some((box) => box.top < top + stackHeight && box.bottom > top);
  const candidates = [
    belowHeaders,
    ...(modal ? [TOAST_EDGE_PX] : []),
    ...blockers.map((box) => box.bottom + TOAST_EDGE_PX / 2).sort((a, b) => a - b),
  ];
  return candidates.find(fits) ?? belowHeaders;
}
