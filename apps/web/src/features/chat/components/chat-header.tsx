import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Pencil, Plus } from 'lucide-react';
import { PROJECT_NAME_MAX_LENGTH } from '@redacta/shared';
import { ProjectShareControl, useProject, useRenameProject, useStartNewProject } from '@/features/projects';
import { useSession } from '@/features/session';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/components/ui/cn';
import { shortDate } from '@/lib/format-date';
import { useOpenProjectId } from '../hooks/use-open-project-id';

/**
 * The open project's name, renamed in place: click the title to edit; Enter or leaving the field
 * sends the rename only when the name changed; a failure puts the old name back with an error toast.
 * Escape cancels. Enter and Escape give the focus back to the title (leaving the field elsewhere
 * keeps it where it went). The placeholder is the date plus "Sin título".
 */
export function ChatTitle() {
  const { t } = useTranslation();
  const projectId = useOpenProjectId();
  const project = useProject(projectId);
  const rename = useRenameProject();
  const [draft, setDraft] = useState<string | null>(null);
  // The name being saved shows at once; a failure drops it and the saved name is back.
  const [saving, setSaving] = useState<string | null>(null);
  const title = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const current = project.data?.name ?? '';
  const shown = saving ?? current;
  // Only when shown, and for a project known to have no name: while its record loads the title is
  // empty rather than wrongly "untitled", and the chat's first draw formats no date (the first one a
  // page formats loads the browser's calendar data).
  const placeholder =
    draft !== null || (project.data && !shown)
      ? t('chat.untitled', { date: shortDate(new Date()) })
      : undefined;

  const finish = () => {
    if (draft === null) return;
    const name = draft.trim();
    setDraft(null);
    if (!project.data || name === '' || name === current) return;
    setSaving(name);
    rename.mutate(
      { id: project.data.id, workspaceId: project.data.workspaceId, name },
      {
        onError: () => toast.error(t('projects.toasts.projectRenameFailed')),
        onSettled: () => setSaving(null),
      },
    );
  };

  useEffect(() => {
    if (draft !== null || !refocus.current) return;
    refocus.current = false;
    title.current?.focus();
  }, [draft]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      refocus.current = true;
      finish();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      refocus.current = true;
      setDraft(null);
    }
  };

  if (draft !== null) {
    return (
      <input
        autoFocus
        aria-label={t('chat.projectName')}
        value={draft}
        maxLength={PROJECT_NAME_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={finish}
        onKeyDown={onKeyDown}
        onFocus={(event) => event.target.select()}
        className="h-9 w-full max-w-md rounded-lg border border-primary bg-surface px-2 text-lg font-semibold text-text outline-2 outline-primary/30"
      />
    );
  }
  return (
    <h1 className="min-w-0 text-lg font-semibold text-text">
      <Tooltip content={t('chat.renameHint')}>
        <button
          ref={title}
          type="button"
          data-testid="project-title"
          disabled={!project.data}
          onClick={() => setDraft(shown)}
          className={cn(
            'group flex max-w-full items-center gap-2 rounded-lg px-1 py-0.5 text-left hover:bg-surface-muted',
            !shown && 'text-text-muted',
          )}
        >
          <span className="truncate">{shown || placeholder}</span>
          <Pencil
            className="size-3.5 shrink-0 text-text-muted opacity-0 group-hover:opacity-100"
            aria-hidden
          />
          <span className="sr-only">{t('chat.renameHint')}</span>
        </button>
      </Tooltip>
    </h1>
  );
}

/**
 * The chat header's actions: who sees the open project (and sharing it), and the new-project button
 * (each an icon alone in the compact header).
 */
export function ChatHeaderActions({ compact = false }: { compact?: boolean }) {
  const projectId = useOpenProjectId();
  return (
    <>
      <ProjectShareControl projectId={projectId} compact={compact} />
      <NewProjectAction compact={compact} />
    </>
  );
}

function NewProjectAction({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const { start, pending } = useStartNewProject();
  if (!workspace) return null;
  const onClick = () => start(workspace.id);
  return compact ? (
    <Tooltip content={t('chat.newProject')}>
      <Button
        variant="ghost"
        size="sm"
        onClick={onClick}
        loading={pending}
        aria-label={t('chat.newProject')}
        className="px-2"
      >
        <Plus className="size-5" aria-hidden />
      </Button>
    </Tooltip>
  ) : (
    <Button
      variant="secondary"
      onClick={onClick}
      loading={pending}
      icon={<Plus className="size-4" aria-hidden />}
    >
      {t('chat.newProject')}
    </Button>
  );
}
