/** Rows of grey blocks while a team list loads (a list never waits on a blank box). */
export function TeamSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <ul
      aria-busy="true"
      aria-label={label}
      className="divide-y divide-border rounded-lg border border-border"
    >
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="flex items-center gap-3 p-3">
          <span className="size-7 shrink-0 animate-pulse rounded-full bg-surface-muted" />
          <span className="flex flex-1 flex-col gap-1.5">
            <span className="h-3 w-40 max-w-full animate-pulse rounded bg-surface-muted" />
            <span className="h-2.5 w-56 max-w-full animate-pulse rounded bg-surface-muted" />
          </span>
        </li>
      ))}
    </ul>
  );
}
