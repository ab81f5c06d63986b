import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { History, Lock, SearchX } from 'lucide-react';
import { AUDIT_RETENTION_DAYS } from '@redacta/shared';
import { governs } from '@redacta/shared/rules/roles';
import { useSession } from '@/features/session';
import { displayName } from '@/features/workspaces';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { noFilters, useAuditLog, type AuditFilters } from '../api/audit-log';
import { EntryRow } from '../components/entry-row';
import { ExportButton } from '../components/export-button';
import { FiltersBar } from '../components/filters-bar';
import { ListSkeleton } from '@/components/ui/list-skeleton';

/** The log's entries under the filters: loading, failed, none, or the list with "load more". */
function Entries({ workspaceId, filters }: { workspaceId: string; filters: AuditFilters }) {
  const { t } = useTranslation();
  const log = useAuditLog(workspaceId, filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  // After "load more", the first new entry takes the focus: the button may be gone with the last page.
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const firstNew = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focusIndex !== null && entries.length > focusIndex) {
      firstNew.current?.focus();
      setFocusIndex(null);
    }
  }, [entries.length, focusIndex]);

  if (log.isPending) return <ListSkeleton />;
  if (log.isError)
    return (
      <LoadError
        message={t('auditLog.loadFailed')}
        retryLabel={t('auditLog.retry')}
        retrying={log.isRefetching}
        onRetry={() => void log.refetch()}
        className="py-8"
      />
    );
  if (entries.length === 0) {
    const filtered = Object.values(filters).some((value) => value !== '');
    return filtered ? (
      <EmptyState
        icon={<SearchX className="size-5" aria-hidden />}
        title={t('auditLog.noMatchTitle')}
        text={t('auditLog.noMatchText')}
      />
    ) : (
      <EmptyState
        icon={<History className="size-5" aria-hidden />}
        title={t('auditLog.emptyTitle')}
        text={t('auditLog.emptyText')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={t('auditLog.list')} className="divide-y divide-border rounded-xl border border-border">
        {entries.map((entry, index) => (
          <EntryRow key={entry.id} entry={entry} ref={index === focusIndex ? firstNew : undefined} />
        ))}
      </ul>
      {log.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          loading={log.isFetchingNextPage}
          onClick={() => {
            setFocusIndex(entries.length);
            void log.fetchNextPage();
          }}
        >
          {t('auditLog.loadMore')}
        </Button>
      )}
    </div>
  );
}

/**
 * /settings/audit: the workspace's audit log (docs/product.md, "Audit log"). Its owner filters,
 * reads and exports it; anyone else is told who can.
 */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  // The mobile header already shows the page's title: the heading stays for screen readers only.
  const isMobile = useMediaQuery(MOBILE_QUERY);
  if (!user || !workspace) return null;
  const governing = governs(workspace, user.id);

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className={cn('text-xl font-semibold', isMobile && 'sr-only')}>{t('auditLog.title')}</h1>
          <p className="text-text-muted">
            {t('auditLog.intro', { workspace: workspace.name, days: AUDIT_RETENTION_DAYS[workspace.plan] })}
          </p>
        </div>
        {governing && <ExportButton workspaceId={workspace.id} filters={filters} />}
      </div>
      {governing ? (
        <>
          <FiltersBar
            key={`filters-${workspace.id}`}
            workspaceId={workspace.id}
            filters={filters}
            onChange={setFilters}
          />
          <Entries key={workspace.id} workspaceId={workspace.id} filters={filters} />
        </>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-surface-muted text-text-muted">
            <Lock className="size-5" aria-hidden />
          </span>
          <h2 className="text-base font-semibold">{t('auditLog.ownerOnlyTitle')}</h2>
          <p className="max-w-md text-text-muted">
            {t('auditLog.ownerOnlyText', { owner: displayName(workspace.owner) })}
          </p>
        </div>
      )}
    </div>
  );
}
