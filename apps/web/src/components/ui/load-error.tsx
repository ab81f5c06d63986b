import { AlertTriangle } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';

/** Something that failed to load: what failed, and a way to try again, never a blank page. */
export function LoadError({
  message,
  retryLabel,
  retrying,
  onRetry,
  className,
}: {
  message: string;
  retryLabel: string;
  retrying: boolean;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 text-center', className)}>
      <AlertTriangle className="size-6 text-danger" aria-hidden />
      <p className="font-medium">{message}</p>
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
