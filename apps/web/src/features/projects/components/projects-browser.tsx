import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { FolderOpen, FolderX } from 'lucide-react';
import type { FolderWithCount, Project, Workspace } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { useErrorToast } from '@/lib/use-error-toast';
import type { ProjectScope, ProjectSort } from '../api/keys';
import { useProjectList } from '../api/use-project-list';
import { useRenameProject } from '../api/use-project-mutations';
import { useToggleShare } from '../hooks/use-toggle-share';
import { DeleteFolderModal } from './delete-folder-modal';
import { DeleteProjectsModal } from './delete-projects-modal';
import { canChange } from '../lib/permissions';
import { sortFolders } from '../lib/sort-folders';
import { FolderGrid } from './folder-grid';
import { FolderMenu } from './folder-menu';
import { FolderNameModal } from './folder-name-modal';
import { MoveToFolderModal } from './move-to-folder-modal';
import { NewProjectButton } from './new-project-button';
import type { ProjectAction } from './project-menu';
import { ProjectList, ProjectListSkeleton } from './project-list';
import { SELECTION_BAR_ROOM, SelectionBar } from './selection-bar';

type Dialog =
  | { kind: 'deleteProjects'; projects: Project[] }
  | { kind: 'move'; projects: Project[] }
  | { kind: 'renameFolder'; folder: FolderWithCount }
  | { kind: 'deleteFolder'; folder: FolderWithCount };

export interface ProjectsBrowserProps {
  workspace: Workspace;
  userId: string;
  scope: ProjectScope;
  /** The open folder, null at the top level. */
  folder: FolderWithCount | null;
  folders: FolderWithCount[];
  sort: ProjectSort;
  rootHref: string;
  folderHref: (folderId: string) => string;
}

/** One scope's projects (top level with the folders, or one folder) and everything done to them. */
export function ProjectsBrowser({
  workspace,
  userId,
  scope,
  folder,
  folders,
  sort,
  rootHref,
  folderHref,
}: ProjectsBrowserProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // Anyone else in the workspace (members besides the owner are all in `invitedUsers`) may share.
  const list = useProjectList(workspace.id, scope, sort, { withTeam: workspace.invitedUsers.length > 0 });
  const share = useToggleShare(workspace.id);
  const rename = useRenameProject();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [pendingNames, setPendingNames] = useState<ReadonlyMap<string, string>>(new Map());

  useErrorToast(list.isError, t('projects.toasts.projectsFetchFailed'));

  const projects = list.data?.pages.flatMap((page) => page.items) ?? [];
  const selectedProjects = projects.filter((project) => selected.has(project.id));
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const unselect = (ids: string[]) =>
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));

  const onSelectedChange = (ids: string[], value: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (value) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const onAction = (project: Project, action: ProjectAction) => {
    if (action === 'rename') setRenamingId(project.id);
    else if (action === 'delete') setDialog({ kind: 'deleteProjects', projects: [project] });
    else if (action === 'move') setDialog({ kind: 'move', projects: [project] });
    else share.toggle(project);
  };

  const onRename = (project: Project, name: string) => {
    setRenamingId(null);
    setPendingNames((current) => new Map(current).set(project.id, name));
    rename.mutate(
      { id: project.id, workspaceId: project.workspaceId, name },
      {
        onError: () => toast.error(t('projects.toasts.projectRenameFailed')),
        onSettled: () =>
          setPendingNames((current) => {
            const next = new Map(current);
            next.delete(project.id);
            return next;
          }),
      },
    );
  };

  const inFolder = scope.kind === 'folder';
  const empty = inFolder ? (
    <EmptyState
      icon={<FolderOpen className="size-6" aria-hidden />}
      title={t('projects.emptyFolderTitle')}
      text={t('projects.emptyFolderText')}
      action={<NewProjectButton folderId={folder?.id} label={t('projects.newProjectHere')} />}
    />
  ) : (
    <EmptyState
      icon={<FolderOpen className="size-6" aria-hidden />}
      title={t('projects.emptyTitle')}
      text={t(folders.length > 0 ? 'projects.emptyTopText' : 'projects.emptyText')}
      action={<NewProjectButton />}
    />
  );

  return (
    <div className={cn('flex flex-col gap-6', selectedProjects.length > 0 && SELECTION_BAR_ROOM)}>
      <SelectionBar
        count={selectedProjects.length}
        onClear={() => setSelected(new Set())}
        onMove={() => setDialog({ kind: 'move', projects: selectedProjects })}
        onDelete={() => setDialog({ kind: 'deleteProjects', projects: selectedProjects })}
      />
      {!inFolder && (
        <FolderGrid
          folders={sortFolders(folders, sort, i18n.language)}
          workspace={workspace}
          userId={userId}
          folderHref={folderHref}
          onRename={(item) => setDialog({ kind: 'renameFolder', folder: item })}
          onDelete={(item) => setDialog({ kind: 'deleteFolder', folder: item })}
        />
      )}
      {/* A failed reload keeps the list it had; only a list never loaded gives way to the error. */}
      {list.isPending ? (
        <ProjectListSkeleton />
      ) : !list.data ? (
        <EmptyState
          icon={<FolderX className="size-6" aria-hidden />}
          title={t('projects.toasts.projectsFetchFailed')}
          action={
            <Button variant="secondary" onClick={() => void list.refetch()}>
              {t('projects.retry')}
            </Button>
          }
        />
      ) : (
        <ProjectList
          heading={
            folder ? folder.name : t(folders.length > 0 ? 'projects.topLevel' : 'projects.allProjects')
          }
          headingExtra={
            folder && (
              <>
                <span className="shrink-0 text-xs text-text-muted">
                  {t('projects.projectCount', { count: folder.projectCount })}
                </span>
                <FolderMenu
                  folder={folder}
                  editable={canChange(folder.createdBy, userId, workspace)}
                  onRename={() => setDialog({ kind: 'renameFolder', folder })}
                  onDelete={() => setDialog({ kind: 'deleteFolder', folder })}
                />
              </>
            )
          }
          projects={projects}
          workspace={workspace}
          userId={userId}
          selected={selected}
          pendingNames={pendingNames}
          renamingId={renamingId}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          onSelectedChange={onSelectedChange}
          onAction={onAction}
          onRename={onRename}
          onRenameCancel={() => setRenamingId(null)}
          empty={empty}
        />
      )}
      {dialog?.kind === 'deleteProjects' && (
        <DeleteProjectsModal
          workspaceId={workspace.id}
          projects={dialog.projects}
          onOpenChange={closeDialog}
          onDeleted={unselect}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveToFolderModal
          workspaceId={workspace.id}
          projects={dialog.projects}
          folders={folders}
          onOpenChange={closeDialog}
          onMoved={unselect}
        />
      )}
      {dialog?.kind === 'renameFolder' && (
        <FolderNameModal
          workspaceId={workspace.id}
          mode={{ kind: 'rename', folder: dialog.folder }}
          folders={folders}
          open
          onOpenChange={closeDialog}
        />
      )}
      {dialog?.kind === 'deleteFolder' && (
        <DeleteFolderModal
          workspaceId={workspace.id}
          folder={dialog.folder}
          onOpenChange={closeDialog}
          onDeleted={() => {
            if (folder?.id === dialog.folder.id) navigate(rootHref);
          }}
        />
      )}
    </div>
  );
}
