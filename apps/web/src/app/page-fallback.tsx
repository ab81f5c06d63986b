/** While a page chunk loads: a quiet skeleton; the full-screen loader is for session start only. */
export function PageFallback() {
  return (
    <div className="flex flex-1 flex-col gap-4 p-6" aria-hidden>
      <div className="h-7 w-48 animate-pulse rounded-lg bg-surface-muted" />
      <div className="h-4 w-80 max-w-full animate-pulse rounded bg-surface-muted" />
      <div className="h-32 w-full animate-pulse rounded-lg bg-surface-muted" />
    </div>
  );
}
