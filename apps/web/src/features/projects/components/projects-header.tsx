import { useTranslation } from 'react-i18next';
import { FilePlus, FolderPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/tooltip';

/** Spec §2: new folder and new project; both arrive with the projects issue, so they say so. */
export function ProjectsHeaderActions({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const reason = t('projects.coming');
  if (compact) {
    return (
      <DisabledHint reason={reason}>
        <Button variant="ghost" size="sm" disabled aria-label={t('projects.newProject')} className="px-2">
          <FilePlus className="size-5" aria-hidden />
        </Button>
      </DisabledHint>
    );
  }
  return (
    <>
      <DisabledHint reason={reason}>
        <Button variant="secondary" disabled icon={<FolderPlus className="size-4" aria-hidden />}>
          {t('projects.newFolder')}
        </Button>
      </DisabledHint>
      <DisabledHint reason={reason}>
        <Button disabled icon={<FilePlus className="size-4" aria-hidden />}>
          {t('projects.newProject')}
        </Button>
      </DisabledHint>
    </>
  );
}
