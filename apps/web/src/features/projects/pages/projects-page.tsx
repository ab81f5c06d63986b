import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FolderX } from 'lucide-react';
import { useSession } from '@/features/session';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useErrorToast } from '@/lib/use-error-toast';
import type { ProjectScope } from '../api/keys';
import { useFolders } from '../api/use-folders';
import { useSortPreference } from '../lib/sort-preference';
import { FolderBreadcrumb } from '../components/folder-breadcrumb';
import { ProjectListSkeleton } from '../components/project-list';
import { ProjectsBrowser } from '../components/projects-browser';
import { SortMenu } from '../components/sort-menu';

/**
 * /projects?id={workspaceId}[&folder={folderId}]: the id in the address picks the workspace (a
 * shared link opens the right one); without it the current workspace's id is written there. The
 * open folder lives in the address too, so Back leaves it and a link to it can be shared.
 */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const { user, workspace, workspaces, selectWorkspace } = useSession();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const folderId = params.get('folder');
  const [sort, setSort] = useSortPreference();
  const folders = useFolders(workspace?.id ?? '');

  // React to the address only when its id changes, not while a switch from the menu is under way.
  const handledId = useRef<string | null>(null);
  useEffect(() => {
    if (!workspace) return;
    if (!id) {
      setParams({ id: workspace.id }, { replace: true });
      return;
    }
    if (handledId.current === id) return;
    handledId.current = id;
    if (id !== workspace.id && workspaces.some((item) => item.id === id)) selectWorkspace(id);
  }, [id, workspace, workspaces, selectWorkspace, setParams]);

  useErrorToast(folders.isError, t('projects.toasts.foldersFetchFailed'));

  if (!workspace || !user) return null;
  const rootHref = `/projects?id=${encodeURIComponent(workspace.id)}`;
  const folderHref = (folder: string) => `${rootHref}&folder=${encodeURIComponent(folder)}`;
  const folderList = folders.data ?? [];
  const folder = folderId ? (folderList.find((item) => item.id === folderId) ?? null) : null;
  const scope: ProjectScope = folderId ? { kind: 'folder', folderId } : { kind: 'top' };

  let content;
  if (folders.isPending) content = <ProjectListSkeleton />;
  else if (folderId && !folder && !folders.isError)
    content = (
      <EmptyState
        icon={<FolderX className="size-6" aria-hidden />}
        title={t('projects.folderMissing')}
        action={
          <Link to={rootHref} className={buttonClasses('primary')}>
            {t('projects.backToAll')}
          </Link>
        }
      />
    );
  else
    content = (
      <ProjectsBrowser
        key={`${workspace.id}:${folderId ?? 'top'}`}
        workspace={workspace}
        userId={user.id}
        scope={scope}
        folder={folder}
        folders={folderList}
        sort={sort}
        rootHref={rootHref}
        folderHref={folderHref}
      />
    );

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-4 px-4 py-6 md:px-6 md:py-8">
      {/* The bar under the header holds the sort control: toasts go below it (docs/ui.md, "Toasts"). */}
      <div data-toast-clear className="flex min-h-9 flex-wrap items-center justify-between gap-3">
        {folder ? (
          <FolderBreadcrumb rootHref={rootHref} folderName={folder.name} />
        ) : (
          <p className="min-w-0 truncate text-sm text-text-muted">
            {t('projects.inWorkspace', { name: workspace.name })}
          </p>
        )}
        <SortMenu value={sort} onChange={setSort} />
      </div>
      {content}
    </div>
  );
}
