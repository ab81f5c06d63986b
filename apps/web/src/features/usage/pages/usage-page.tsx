import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { BarChart3, Download, KeyRound } from 'lucide-react';
import type { UsageBreakdown } from '@redacta/shared';
import { isManagerRole, roleIn } from '@redacta/shared/rules/roles';
import { useSession } from '@/features/session';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { formatCount } from '@/lib/format-count';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { downloadBlob } from '@/features/document/export/download';
import { fetchBreakdownCsv, useUsageBreakdown } from '../api/usage-breakdown';
import { BudgetField } from '../components/budget-field';
import { memberLabel, monthName, projectLabel, recentMonths } from '../components/labels';

// recharts is large: it is its own chunk, fetched when a month with words is shown.
const UsageChart = lazy(() => import('../components/usage-chart'));

function ChartSkeleton() {
  return <div className="h-40 w-full animate-pulse rounded-lg bg-surface-muted" />;
}

function TablesSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-label={t('common.loading')} className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-12 animate-pulse rounded-lg bg-surface-muted" />
      ))}
    </div>
  );
}

/**
 * /settings/usage (docs/product.md, "Usage per member and budgets"): the month's words by member and
 * by project as charts and lists, their CSV, and for the owner each member's monthly budget. A member
 * sees their own words and budget only.
 */
export default function UsagePage() {
  const { t, i18n } = useTranslation();
  const { user, workspace } = useSession();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const months = recentMonths(new Date());
  const [month, setMonth] = useState(months[0]!);
  const [exporting, setExporting] = useState(false);
  const breakdown = useUsageBreakdown(workspace?.id ?? '', month);
  if (!user || !workspace) return null;
  const role = roleIn(workspace, user.id);
  const governing = isManagerRole(role);
  // An admin sets members' budgets only, as the server allows (docs/product.md, "Usage per member and budgets").
  const canSetBudget = (userId: string) =>
    role === 'owner' || (role === 'admin' && roleIn(workspace, userId) === 'member');
  const format = (n: number) => formatCount(n, i18n.language);

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadBlob(await fetchBreakdownCsv(workspace.id, month), `redacta-usage-${month}.csv`);
    } catch {
      toast.error(t('usage.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex flex-col gap-1">
        <h1 className={cn('text-xl font-semibold', isMobile && 'sr-only')}>{t('usage.title')}</h1>
        <p className="text-text-muted">
          {governing ? t('usage.introOwner', { workspace: workspace.name }) : t('usage.introMember')}
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-56 max-w-full">
          <SelectField
            label={t('usage.month')}
            value={month}
            options={months.map((value) => ({ value, label: monthName(value, i18n.language) }))}
            onChange={setMonth}
          />
        </div>
        <Button
          variant="secondary"
          icon={<Download className="size-4" aria-hidden />}
          loading={exporting}
          disabled={!breakdown.data}
          onClick={() => void exportCsv()}
        >
          {t('usage.export')}
        </Button>
      </div>
      {breakdown.isPending ? (
        <TablesSkeleton />
      ) : breakdown.isError ? (
        <LoadError
          message={t('usage.loadFailed')}
          retryLabel={t('usage.retry')}
          retrying={breakdown.isRefetching}
          onRetry={() => void breakdown.refetch()}
          className="py-8"
        />
      ) : (
        <Breakdown
          data={breakdown.data}
          governing={governing}
          canSetBudget={canSetBudget}
          workspaceId={workspace.id}
          format={format}
        />
      )}
    </div>
  );
}

function Breakdown({
  data,
  governing,
  canSetBudget,
  workspaceId,
  format,
}: {
  data: UsageBreakdown;
  governing: boolean;
  canSetBudget: (userId: string) => boolean;
  workspaceId: string;
  format: (n: number) => string;
}) {
  const { t } = useTranslation();
  const memberBars = data.members
    .filter((m) => m.words > 0)
    .map((m) => ({ label: memberLabel(t, m), words: m.words }));
  const projectBars = data.projects.map((p) => ({ label: projectLabel(t, p), words: p.words }));
  return (
    <div className="flex flex-col gap-6">
      <p className="text-lg font-semibold" data-testid="usage-total">
        {t('usage.total', { count: data.words, formatted: format(data.words) })}
      </p>
      {data.words === 0 ? (
        <EmptyState
          icon={<BarChart3 className="size-5" aria-hidden />}
          title={t('usage.emptyTitle')}
          text={t('usage.emptyText')}
        />
      ) : (
        <Suspense fallback={<ChartSkeleton />}>
          <div className="grid gap-6 md:grid-cols-2">
            <UsageChart bars={memberBars} title={t('usage.byMember')} />
            <UsageChart bars={projectBars} title={t('usage.byProject')} />
          </div>
        </Suspense>
      )}
      <section aria-labelledby="usage-members" className="flex flex-col gap-3">
        <h2 id="usage-members" className="font-semibold">
          {t('usage.byMember')}
        </h2>
        {governing && <p className="text-[13px] text-text-muted">{t('usage.budget.help')}</p>}
        <ul
          aria-label={t('usage.byMember')}
          className="divide-y divide-border rounded-xl border border-border"
        >
          {data.members.map((member) => {
            const name = memberLabel(t, member);
            return (
              <li
                key={member.userId ?? 'former'}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-4"
              >
                <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
                  <span className="truncate font-medium">{name}</span>
                  {member.apiKeys.map((key) => (
                    <span
                      key={key.apiKeyId ?? 'key'}
                      className="flex items-center gap-1.5 text-[13px] text-text-muted"
                    >
                      <KeyRound className="size-3.5 shrink-0" aria-hidden />
                      <span className="truncate">
                        {t('usage.viaKey', { name: key.name ?? '—', formatted: format(key.words) })}
                      </span>
                    </span>
                  ))}
                </div>
                <span className="tabular-nums">
                  {t('usage.words', { count: member.words, formatted: format(member.words) })}
                </span>
                {member.isMember && member.userId && canSetBudget(member.userId) ? (
                  <BudgetField
                    key={`${member.userId}-${member.monthlyWords}`}
                    workspaceId={workspaceId}
                    userId={member.userId}
                    memberName={name}
                    monthlyWords={member.monthlyWords}
                  />
                ) : (
                  member.monthlyWords !== null && (
                    <span className="text-[13px] text-text-muted">
                      {t('usage.budget.yours', {
                        formatted: format(member.monthlyWords),
                        left: format(Math.max(0, member.monthlyWords - member.words)),
                      })}
                    </span>
                  )
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="usage-projects" className="flex flex-col gap-3">
        <h2 id="usage-projects" className="font-semibold">
          {t('usage.byProject')}
        </h2>
        {data.projects.length === 0 ? (
          <p className="text-text-muted">{t('usage.noProjects')}</p>
        ) : (
          <ul
            aria-label={t('usage.byProject')}
            className="divide-y divide-border rounded-xl border border-border"
          >
            {data.projects.map((project) => (
              <li key={project.projectId ?? 'none'} className="flex items-center justify-between gap-4 p-4">
                <span className="min-w-0 truncate">{projectLabel(t, project)}</span>
                <span className="shrink-0 tabular-nums">
                  {t('usage.words', { count: project.words, formatted: format(project.words) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
