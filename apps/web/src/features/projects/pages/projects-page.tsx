import { useTranslation } from 'react-i18next';
import { Folder } from 'lucide-react';
import { useSession } from '@/features/session';
import { EmptyState } from '@/components/ui/empty-state';

/** /projects?id={workspaceId}: the empty state until projects and folders land. */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
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
