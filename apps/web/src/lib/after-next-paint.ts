/**
 * Runs `callback` once the browser has painted its next frame (a task queued from that frame's
 * animation callback runs after the frame is drawn). For work a screen starts that its first frame
 * does not need: done before, it would hold that frame back. Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
