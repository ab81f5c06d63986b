import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';

/**
 * A bulk-run page's heading, a sentence on what it is for, and its actions. The mobile header
 * already shows the title: there the heading stays for screen readers only.
 */
export function PageTitle({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  return (
    <div data-toast-clear className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1">
        <h1 className={cn('text-xl font-semibold break-words', isMobile && 'sr-only')}>{title}</h1>
        {description && <div className="mt-1 text-text-muted">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
