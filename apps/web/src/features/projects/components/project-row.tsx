import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileText, Users } from 'lucide-react';
import type { Project } from '@redacta/shared';
import { DisabledHint } from '@/components/ui/tooltip';
import { cn } from '@/components/ui/cn';
import { modifiedLabel, type Overlap } from '../lib/modified-label';
import { projectChatPath, rememberOpenProject } from '../lib/open-project';
import { ProjectMenu, type ProjectAction } from './project-menu';
import { ProjectNameEditor } from './project-name-editor';

export interface ProjectRowProps {
  project: Project;
  /** Who shared it, for team projects ("Compartido por Ana García"). */
  sharedBy: string | null;
  /** How much of its modification time another row shares: the label adds the time or the seconds. */
  overlap: Overlap;
  editable: boolean;
  selected: boolean;
  renaming: boolean;
  onSelectedChange: (selected: boolean) => void;
  onAction: (action: ProjectAction) => void;
  onRename: (name: string) => void;
  onRenameCancel: () => void;
}

/**
 * One project: checkbox, name (opens the chat), team badge and creator, when it was last modified,
 * "⋯" menu. The name's link stretches over the whole row, a large target for touch; the checkbox and
 * menu sit above it.
 */
export function ProjectRow({
  project,
  sharedBy,
  overlap,
  editable,
  selected,
  renaming,
  onSelectedChange,
  onAction,
  onRename,
  onRenameCancel,
}: ProjectRowProps) {
  const { t } = useTranslation();
  const menuSlot = useRef<HTMLSpanElement>(null);
  // Enter or Escape ends the inline rename with nothing focused: the focus goes back to the ⋯ button
  // that started it (leaving the field by Tab or a click keeps the focus where it went).
  const afterRename = () =>
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) menuSlot.current?.querySelector('button')?.focus();
    });
  const modified = modifiedLabel(t, project.updatedAt, { overlap });
  const checkbox = (
    <input
      type="checkbox"
      checked={selected}
      disabled={!editable}
      aria-label={t('projects.select', { name: project.name })}
      onChange={(event) => onSelectedChange(event.target.checked)}
      className="size-4 cursor-pointer accent-primary disabled:cursor-not-allowed"
    />
  );

  return (
    <li
      data-testid="project-row"
      data-project-id={project.id}
      className={cn(
        'relative flex items-center gap-2 rounded-lg border px-2 py-1.5 md:gap-3 md:px-3',
        selected ? 'border-primary/40 bg-primary-soft' : 'border-border bg-surface hover:bg-surface-muted',
      )}
    >
      <span className="relative z-10 flex size-9 shrink-0 items-center justify-center md:size-8">
        {editable ? checkbox : <DisabledHint reason={t('projects.onlyCreator')}>{checkbox}</DisabledHint>}
      </span>
      <div className="flex min-w-0 flex-1 items-center gap-3 py-1">
        <FileText className="hidden size-5 shrink-0 text-text-muted sm:block" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          {renaming ? (
            <ProjectNameEditor
              name={project.name}
              onCommit={(name) => {
                onRename(name);
                afterRename();
              }}
              onCancel={() => {
                onRenameCancel();
                afterRename();
              }}
            />
          ) : (
            <Link
              to={projectChatPath(project.id)}
              onClick={() => rememberOpenProject(project.id)}
              className="truncate rounded text-sm font-medium text-text after:absolute after:inset-0 after:rounded-lg hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            >
              {project.name}
            </Link>
          )}
          <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-text-muted">
            {project.isShared && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 font-medium text-primary">
                <Users className="size-3" aria-hidden />
                {t('projects.teamBadge')}
              </span>
            )}
            {project.isShared && sharedBy && <span>{sharedBy}</span>}
            <span>{modified}</span>
          </span>
        </div>
      </div>
      <span ref={menuSlot} className="relative z-10">
        <ProjectMenu project={project} editable={editable} onAction={onAction} />
      </span>
    </li>
  );
}
