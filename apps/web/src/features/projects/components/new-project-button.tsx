import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { FilePlus } from 'lucide-react';
import { useSession } from '@/features/session';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { useCreateProject } from '../api/use-create-project';
import { projectChatPath, rememberOpenProject } from '../lib/open-project';

/** Spec §4 new project: create, go to /chat?project={id}, store projectId. */
export function NewProjectButton({
  folderId,
  compact = false,
  variant = 'primary',
  label,
}: {
  /** Created inside this folder (the one open on the page). */
  folderId?: string | null;
  compact?: boolean;
  variant?: ButtonVariant;
  label?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { workspace } = useSession();
  const create = useCreateProject();
  const text = label ?? t('projects.newProject');

  const onClick = () => {
    if (!workspace) return;
    create.mutate(
      { workspaceId: workspace.id, folderId },
      {
        onSuccess: ({ id, movedToFolder }) => {
          if (!movedToFolder) toast.error(t('projects.toasts.moveFailed'));
          rememberOpenProject(id);
          navigate(projectChatPath(id));
        },
        onError: () => toast.error(t('projects.toasts.projectCreateFailed')),
      },
    );
  };

  if (compact) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="size-10 px-0"
        aria-label={text}
        title={text}
        loading={create.isPending}
        onClick={onClick}
      >
        <FilePlus className="size-5" aria-hidden />
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      loading={create.isPending}
      icon={<FilePlus className="size-4" aria-hidden />}
      onClick={onClick}
    >
      {text}
    </Button>
  );
}
