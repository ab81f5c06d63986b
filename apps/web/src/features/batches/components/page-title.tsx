import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';

/**
 * A bulk-run page's heading, a sentence on what it is for, and its actions. Where the mobile header
 * already shows the title, the heading stays for screen readers only there; a title of its own (a
 * batch's file, which the header does not name) shows at every width.
 */
export function PageTitle({
  title,
  description,
  actions,
  ownTitle = false,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  ownTitle?: boolean;
}) {
  const headerShowsIt = useMediaQuery(MOBILE_QUERY) && !ownTitle;
  return (
    <div data-toast-clear className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1">
        <h1 className={cn('text-xl font-semibold break-words', headerShowsIt && 'sr-only')}>{title}</h1>
        {description && <div className="mt-1 text-text-muted">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
