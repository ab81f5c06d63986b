import { useTranslation } from 'react-i18next';
import { FileQuestion, Plus } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Button } from '@/components/ui/button';
import { useStartNewProject } from '@/features/projects';
import { useSession } from '@/features/session';

/** A project id that is deleted, foreign or mistyped: say so and offer a new project, never a blank page. */
export function ProjectNotFound() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const { start, pending } = useStartNewProject();
  return (
    <div className="flex flex-1 items-center px-4 py-12">
      <EmptyState
        icon={<FileQuestion className="size-6" aria-hidden />}
        title={t('chat.notFound.title')}
        text={t('chat.notFound.text')}
        action={
          workspace && (
            <Button
              onClick={() => start(workspace.id)}
              loading={pending}
              icon={<Plus className="size-4" aria-hidden />}
            >
              {t('chat.newProject')}
            </Button>
          )
        }
      />
    </div>
  );
}
