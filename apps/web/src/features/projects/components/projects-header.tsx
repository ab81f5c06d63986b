import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FolderPlus } from 'lucide-react';
import { useSession } from '@/features/session';
import { Button } from '@/components/ui/button';
import { useFolders } from '../api/use-folders';
import { FolderNameModal } from './folder-name-modal';
import { NewProjectButton } from './new-project-button';

/**
 * The header actions of /projects: new folder and new project. A project made while a folder is open
 * goes into that folder; folders are only made at the top level.
 */
export function ProjectsHeaderActions({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const [params] = useSearchParams();
  const [folderOpen, setFolderOpen] = useState(false);
  const folders = useFolders(workspace?.id ?? '');
  if (!workspace) return null;
  const folderId = params.get('folder');
  const label = t('projects.newFolder');

  return (
    <>
      {compact ? (
        <Button
          variant="ghost"
          size="sm"
          className="size-10 px-0"
          aria-label={label}
          title={label}
          onClick={() => setFolderOpen(true)}
        >
          <FolderPlus className="size-5" aria-hidden />
        </Button>
      ) : (
        <Button
          variant="secondary"
          icon={<FolderPlus className="size-4" aria-hidden />}
          onClick={() => setFolderOpen(true)}
        >
          {label}
        </Button>
      )}
      <NewProjectButton compact={compact} folderId={folderId} />
      {folderOpen && (
        <FolderNameModal
          workspaceId={workspace.id}
          mode={{ kind: 'create' }}
          folders={folders.data ?? []}
          open
          onOpenChange={setFolderOpen}
        />
      )}
    </>
  );
}
