import { useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import type { DocumentVersion } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useVersions } from '../api/history-api';
import { SaveVersionForm } from './save-version-form';
import { VersionList } from './version-list';
import { VersionPreview } from './version-preview';

/**
 * The history panel: "Save version" and the list beside the version picked, read-only with its
 * differences from the current text. On a phone the list and the version take the screen in turn.
 */
export function HistoryDialog({
  projectId,
  editor,
  open,
  onOpenChange,
}: {
  projectId: string;
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const versions = useVersions(projectId, open);
  const selected: DocumentVersion | undefined = versions.data?.find((version) => version.id === selectedId);
  const backRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) setSelectedId(null);
  }, [open]);
  // On a phone, opening a version moves the focus to its way back.
  useEffect(() => {
    if (mobile && selected) backRef.current?.focus();
  }, [mobile, selected]);

  const showList = !mobile || !selected;
  const list = (
    <div className="flex min-h-0 flex-col gap-3 md:w-72 md:shrink-0 md:overflow-y-auto">
      <SaveVersionForm projectId={projectId} onSaved={setSelectedId} />
      <VersionList
        projectId={projectId}
        selectedId={selectedId}
        onSelect={(version) => setSelectedId(version.id)}
      />
    </div>
  );
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('documentHistory.title')}
      description={t('documentHistory.description')}
      closeLabel={t('documentHistory.close')}
      className="md:w-[min(94vw,960px)]"
    >
      <div className="flex min-h-0 flex-col gap-4 md:flex-row" data-testid="document-history">
        {showList && list}
        {selected ? (
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            {mobile && (
              <Button
                ref={backRef}
                variant="ghost"
                size="sm"
                className="self-start"
                onClick={() => setSelectedId(null)}
                icon={<ArrowLeft className="size-4" aria-hidden />}
              >
                {t('documentHistory.back')}
              </Button>
            )}
            <VersionPreview
              projectId={projectId}
              version={selected}
              editor={editor}
              onRestored={() => onOpenChange(false)}
            />
          </div>
        ) : (
          !mobile && (
            <p className="flex-1 self-center text-center text-sm text-text-muted">
              {t('documentHistory.pick')}
            </p>
          )
        )}
      </div>
    </Modal>
  );
}
