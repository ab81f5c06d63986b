import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={cn('size-4 animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'status' : undefined}
    />
  );
}

/**
 * Session start only (pages load behind skeletons): covers the screen until the session is known.
 * index.html draws the same markup before the app's scripts run; a change here goes there too.
 */
export function FullScreenLoader({ label }: { label: string }) {
  return (
    <div
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-surface"
      role="status"
      aria-live="polite"
      data-testid="full-screen-loader"
    >
      <span className="text-2xl font-semibold tracking-tight text-primary">Redacta</span>
      <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
