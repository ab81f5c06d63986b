import { useTranslation } from 'react-i18next';
import { FilePlus } from 'lucide-react';
import { useSession } from '@/features/session';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { useStartNewProject } from '../hooks/use-start-new-project';

/** Creates a project (inside the open folder, if any) and opens it in the chat. */
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
  const { workspace } = useSession();
  const { start, pending } = useStartNewProject();
  const text = label ?? t('projects.newProject');

  const onClick = () => {
    if (workspace) start(workspace.id, folderId);
  };

  if (compact) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="size-10 px-0"
        aria-label={text}
        title={text}
        loading={pending}
        onClick={onClick}
      >
        <FilePlus className="size-5" aria-hidden />
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      loading={pending}
      icon={<FilePlus className="size-4" aria-hidden />}
      onClick={onClick}
    >
      {text}
    </Button>
  );
}
