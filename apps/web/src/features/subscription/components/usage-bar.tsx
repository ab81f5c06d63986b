import { cn } from '@/components/ui/cn';

/** How much of a limit is used, as a bar that turns red once it is all used. */
export function UsageBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-label={label}
      className="h-2 overflow-hidden rounded-full bg-surface-muted"
    >
      <div
        className={cn('h-full rounded-full', percent >= 100 ? 'bg-danger' : 'bg-primary')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
