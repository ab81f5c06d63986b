import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project, Workspace } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { canChange, workspacePerson } from '../lib/permissions';
import { overlaps } from '../lib/modified-label';
import type { ProjectAction } from './project-menu';
import { ProjectRow } from './project-row';

export interface ProjectListProps {
  heading: string;
  /** Beside the heading: the open folder's count and menu. */
  headingExtra?: ReactNode;
  projects: Project[];
  workspace: Workspace;
  userId: string;
  selected: ReadonlySet<string>;
  /** Names being saved, shown in place of the old ones until the list reloads. */
  pendingNames: ReadonlyMap<string, string>;
  renamingId: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onSelectedChange: (ids: string[], selected: boolean) => void;
  onAction: (project: Project, action: ProjectAction) => void;
  onRename: (project: Project, name: string) => void;
  onRenameCancel: () => void;
  /** Shown instead of the list when it has no projects. */
  empty: ReactNode;
}

/** A list of projects with "select all", one row each, and "load more" while the cursor goes on. */
export function ProjectList(props: ProjectListProps) {
  const { t } = useTranslation();
  const { projects, workspace, userId, selected, heading } = props;
  const editableIds = projects
    .filter((project) => canChange(project.createdBy, userId, workspace))
    .map((project) => project.id);
  const selectedHere = editableIds.filter((id) => selected.has(id)).length;
  const allSelected = editableIds.length > 0 && selectedHere === editableIds.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selectedHere > 0 && !allSelected;
  }, [selectedHere, allSelected]);

  const overlapOf = overlaps(projects.map((project) => project.updatedAt));

  const sharedBy = (project: Project) => {
    if (!project.isShared) return null;
    if (project.createdByApiKey) {
      return t('projects.sharedBy', { name: t('common.apiAuthor', { name: project.createdByApiKey.name }) });
    }
    if (project.createdBy === userId) return t('projects.sharedByYou');
    const name = workspacePerson(workspace, project.createdBy) ?? t('projects.formerMember');
    return t('projects.sharedBy', { name });
  };

  return (
    <section aria-labelledby="projects-heading" className="flex flex-col gap-3">
      {/* Above an empty list the heading would only repeat the empty state's title. */}
      <div
        className={cn(
          'flex items-center gap-2 px-2 md:gap-3 md:px-3',
          projects.length === 0 && !props.headingExtra && 'sr-only',
        )}
      >
        <span className="flex size-9 shrink-0 items-center justify-center md:size-8">
          {editableIds.length > 0 && (
            <input
              ref={selectAll}
              type="checkbox"
              checked={allSelected}
              aria-label={t('projects.selectAll')}
              title={t('projects.selectAll')}
              onChange={(event) => props.onSelectedChange(editableIds, event.target.checked)}
              className="size-4 cursor-pointer accent-primary"
            />
          )}
        </span>
        <h2
          id="projects-heading"
          className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere] text-text-muted"
        >
          {heading}
        </h2>
        {props.headingExtra}
      </div>
      {projects.length === 0 ? (
        props.empty
      ) : (
        <ul className="flex flex-col gap-1.5">
          {projects.map((project) => {
            const pendingName = props.pendingNames.get(project.id);
            const shown = pendingName ? { ...project, name: pendingName } : project;
            return (
              <ProjectRow
                key={project.id}
                project={shown}
                sharedBy={sharedBy(project)}
                overlap={overlapOf(project.updatedAt)}
                editable={canChange(project.createdBy, userId, workspace)}
                selected={selected.has(project.id)}
                renaming={props.renamingId === project.id}
                onSelectedChange={(value) => props.onSelectedChange([project.id], value)}
                onAction={(action) => props.onAction(project, action)}
                onRename={(name) => props.onRename(project, name)}
                onRenameCancel={props.onRenameCancel}
              />
            );
          })}
        </ul>
      )}
      {props.hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" loading={props.loadingMore} onClick={props.onLoadMore}>
            {t('projects.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Skeleton rows while the first page loads (lists show skeletons, never a blank page). */
export function ProjectListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('projects.loading')} className="flex flex-col gap-1.5">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex h-[60px] items-center gap-3 rounded-lg border border-border px-3">
          <span className="size-4 rounded bg-border" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-3 w-2/5 animate-pulse rounded bg-border" />
            <span className="h-2.5 w-1/4 animate-pulse rounded bg-border" />
          </span>
        </div>
      ))}
    </div>
  );
}
