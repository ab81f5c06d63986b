import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { DocumentProvider, useDocumentInsert } from '@/features/document';
import { fetchRecentProjects, projectKeys } from '@/features/projects';
import { Button } from '@/components/ui/button';
import { Modal, ModalClose } from '@/components/ui/modal';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

/** Projects offered, most recently changed first (the list's largest page). */
const PROJECTS_OFFERED = 100;

/** Puts the markdown into the project's live document once, then says whether the server holds it. */
function Inserter({ markdown, onDone }: { markdown: string; onDone: (saved: boolean) => void }) {
  const { insertMarkdown, whenSaved } = useDocumentInsert();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    insertMarkdown(markdown);
    void whenSaved().then(onDone);
  }, [insertMarkdown, whenSaved, markdown, onDone]);
  return null;
}

/**
 * Inserts the selected rows' outputs into a project's document, as the chat inserts a reply: at the
 * document's end, through its live copy, so whoever has it open sees them arrive.
 */
export function InsertDialog({
  workspaceId,
  markdown,
  rowCount,
  onOpenChange,
  onInserted,
}: {
  workspaceId: string;
  markdown: string;
  rowCount: number;
  onOpenChange: (open: boolean) => void;
  onInserted: () => void;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const projects = useQuery({
    queryKey: [...projectKeys.all(workspaceId), 'batch-insert'],
    queryFn: ({ signal }) =>
      fetchRecentProjects(workspaceId, PROJECTS_OFFERED, signal).then((list) => list.items),
  });
  const [projectId, setProjectId] = useState('');
  const [inserting, setInserting] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const chosen = projectId || projects.data?.[0]?.id || '';
  const projectName = projects.data?.find((project) => project.id === (inserting ?? chosen))?.name ?? '';

  const done = (saved: boolean) => {
    setInserting(null);
    if (!saved) return setFailed(true);
    toast.success(t('batches.insert.done', { count: rowCount, project: projectName }));
    onInserted();
  };

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!inserting) onOpenChange(next);
      }}
      title={t('batches.insert.title', { count: rowCount })}
      description={t('batches.insert.description')}
      closeLabel={t('common.close')}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={inserting !== null}>
              {t('common.cancel')}
            </Button>
          </ModalClose>
          <Button
            loading={inserting !== null}
            disabled={chosen === ''}
            onClick={() => {
              setFailed(false);
              setInserting(chosen);
            }}
          >
            {t('batches.insert.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-[13px] font-medium">
          {t('batches.insert.project')}
        </label>
        <select
          id={selectId}
          className={cn(fieldClasses, 'h-10')}
          value={chosen}
          disabled={projects.isPending || inserting !== null}
          onChange={(event) => setProjectId(event.target.value)}
        >
          {projects.isPending && <option value="">{t('common.loading')}</option>}
          {projects.data?.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
        {projects.isError && (
          <p role="alert" className="text-[13px] text-danger">
            {t('batches.insert.projectsFailed')}
          </p>
        )}
        {projects.data?.length === 0 && (
          <p className="text-[13px] text-text-muted">{t('batches.insert.noProjects')}</p>
        )}
        {failed && (
          <p role="alert" className="text-[13px] text-danger">
            {t('batches.insert.failed')}
          </p>
        )}
      </div>
      {inserting && (
        <DocumentProvider projectId={inserting}>
          <Inserter markdown={markdown} onDone={done} />
        </DocumentProvider>
      )}
    </Modal>
  );
}
