import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Folder } from 'lucide-react';
import { useSession } from '@/features/session';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * /projects?id={workspaceId}: the id in the address picks the workspace (a shared link opens the
 * right one); without it the current workspace's id is written there. Empty until projects land.
 */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const { workspace, workspaces, selectWorkspace } = useSession();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');

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

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-6 px-4 py-8 md:px-6">
      {workspace && <p className="text-text-muted">{t('projects.inWorkspace', { name: workspace.name })}</p>}
      <EmptyState
        icon={<Folder className="size-6" aria-hidden />}
        title={t('projects.emptyTitle')}
        text={t('projects.emptyText')}
        note={t('projects.coming')}
      />
    </div>
  );
}
