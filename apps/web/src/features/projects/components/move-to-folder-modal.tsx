import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Folder, FolderOpen, Inbox } from 'lucide-react';
import type { FolderWithCount, Project } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Modal, ModalClose } from '@/components/ui/modal';
import { cn } from '@/components/ui/cn';
import { useMoveProjects } from '../api/use-bulk-project-actions';
import { announceBulk } from '../lib/announce-bulk';

const NO_FOLDER = 'none';

/**
 * Once the folders are loaded the newest one is selected: the list comes newest first, so
 * the newest folder the projects are not already in starts selected.
 */
function initialChoice(folders: FolderWithCount[], current: string | null | undefined): string {
  const newest = folders.find((folder) => folder.id !== current);
  if (newest) return newest.id;
  return current ? NO_FOLDER : '';
}

/** Move one project or the selection: "no folder" or one of the workspace's folders. */
export function MoveToFolderModal({
  workspaceId,
  projects,
  folders,
  onOpenChange,
  onMoved,
}: {
  workspaceId: string;
  projects: Project[];
  folders: FolderWithCount[];
  onOpenChange: (open: boolean) => void;
  onMoved: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const move = useMoveProjects(workspaceId);
  const locations = new Set(projects.map((project) => project.folderId ?? NO_FOLDER));
  // Where every project already is, if they share a place: choosing it would change nothing.
  const current = locations.size === 1 ? [...locations][0] : undefined;
  const [choice, setChoice] = useState(() => initialChoice(folders, current === NO_FOLDER ? null : current));
  const count = projects.length;
  const [only] = projects;

  const options = [
    { id: NO_FOLDER, name: t('projects.move.noFolder'), hint: t('projects.move.noFolderHint') },
    ...folders.map((folder) => ({
      id: folder.id,
      name: folder.name,
      hint: t('projects.projectCount', { count: folder.projectCount }),
    })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice || choice === current) return;
    move.mutate(
      { ids: projects.map((project) => project.id), folderId: choice === NO_FOLDER ? null : choice },
      {
        onSuccess: (outcome) => {
          announceBulk(t, 'move', outcome);
          onMoved(outcome.succeeded);
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!move.isPending) onOpenChange(next);
      }}
      title={t('projects.move.title')}
      description={
        <span className="[overflow-wrap:anywhere]">
          {count === 1 && only
            ? t('projects.move.textNamed', { name: only.name })
            : t('projects.move.text', { count })}
        </span>
      }
      closeLabel={t('common.close')}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={move.isPending}>
              {t('common.cancel')}
            </Button>
          </ModalClose>
          <Button
            type="submit"
            form={formId}
            loading={move.isPending}
            disabled={!choice || choice === current}
          >
            {t('projects.move.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        {/* A fieldset is as wide as its widest content unless told otherwise: long names would push out. */}
        <fieldset className="min-w-0">
          <legend className="sr-only">{t('projects.move.destination')}</legend>
          <ul className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto">
            {options.map((option) => {
              const isCurrent = option.id === current;
              const Icon = option.id === NO_FOLDER ? Inbox : choice === option.id ? FolderOpen : Folder;
              return (
                <li key={option.id}>
                  <label
                    title={option.name}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5',
                      choice === option.id
                        ? 'border-primary bg-primary-soft'
                        : 'border-border hover:bg-surface-muted',
                      isCurrent && 'cursor-not-allowed opacity-60',
                    )}
                  >
                    <input
                      type="radio"
                      name="destination"
                      value={option.id}
                      checked={choice === option.id}
                      disabled={isCurrent}
                      onChange={() => setChoice(option.id)}
                      className="size-4 accent-primary"
                    />
                    <Icon className="size-4 shrink-0 text-text-muted" aria-hidden />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="line-clamp-2 text-sm font-medium [overflow-wrap:anywhere]">
                        {option.name}
                      </span>
                      <span className="text-xs text-text-muted">
                        {isCurrent ? t('projects.move.current') : option.hint}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {folders.length === 0 && (
            <p className="mt-3 text-[13px] text-text-muted">{t('projects.move.noFolders')}</p>
          )}
        </fieldset>
      </form>
    </Modal>
  );
}
