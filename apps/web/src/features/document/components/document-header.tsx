import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { projectQueryOptions } from '@/features/projects';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useDocumentStore } from '../state/document-context';
import { HistoryButton } from '../history';
import { ExportMenu } from './export-menu';
import { PresenceAvatars } from './presence-avatars';
import { mod } from './toolbar-button';

/**
 * Title, who is in the document, and the explicit save and export actions. Nothing in it depends on
 * the sync state (that lives in the footer), so it keeps one height and the toolbar under it stays
 * put while the user types.
 */
export function DocumentHeader({ editor, onSave }: { editor: Editor; onSave: () => Promise<void> }) {
  const { t } = useTranslation();
  const store = useDocumentStore();
  // The exports are named after the project.
  const projectName = useQuery({
    ...projectQueryOptions(store.projectId),
    staleTime: 30_000,
    select: (project) => project.name,
  }).data;
  return (
    <div
      data-testid="document-header"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-border px-4 py-2"
    >
      <h2 className="text-sm font-semibold">{t('document.title')}</h2>
      <PresenceAvatars />
      <div className="ml-auto flex items-center gap-2">
        <Tooltip content={`${t('document.save')} (${mod}+S)`}>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void onSave()}
            aria-keyshortcuts="Control+S Meta+S"
            icon={<Save className="size-4" aria-hidden />}
          >
            {t('document.save')}
          </Button>
        </Tooltip>
        <HistoryButton projectId={store.projectId} editor={editor} />
        <ExportMenu editor={editor} projectName={projectName} />
      </div>
    </div>
  );
}
