import { useTranslation } from 'react-i18next';
import type { Project } from '@redacta/shared';
import { useDeleteProjects } from '../api/use-bulk-project-actions';
import { announceBulk } from '../lib/announce-bulk';
import { forgetDeletedProjects } from '../lib/open-project';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** Delete one project (from its menu) or the selection: one call per project, one toast. */
export function DeleteProjectsModal({
  workspaceId,
  projects,
  onOpenChange,
  onDeleted,
}: {
  workspaceId: string;
  projects: Project[];
  onOpenChange: (open: boolean) => void;
  onDeleted: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteProjects(workspaceId);
  const count = projects.length;
  const [only] = projects;
  return (
    <ConfirmDialog
      onOpenChange={onOpenChange}
      title={t('projects.deleteProjects.title', { count })}
      description={
        count === 1 && only
          ? t('projects.deleteProjects.textNamed', { name: only.name })
          : t('projects.deleteProjects.text', { count })
      }
      confirmLabel={t('projects.deleteProjects.confirm')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(
          projects.map((project) => project.id),
          {
            onSuccess: (outcome) => {
              announceBulk(t, 'delete', outcome);
              forgetDeletedProjects(outcome.succeeded);
              onDeleted(outcome.succeeded);
              onOpenChange(false);
            },
          },
        )
      }
    />
  );
}
