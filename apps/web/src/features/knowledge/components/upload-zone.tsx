import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { KNOWLEDGE_ACCEPT } from '../file-check';

/** Files dragged from the desktop (not text or a link dragged from the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Where files come in: the "upload files" button (a file picker, several at once) or a drop of
 * files anywhere on the zone. With no sources yet, the zone is the page's empty state: it says what
 * knowledge is for, with an example.
 */
export function UploadZone({ onFiles, empty }: { onFiles: (files: File[]) => void; empty: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };

  const button = (
    <Button onClick={() => input.current?.click()} icon={<Upload className="size-4" aria-hidden />}>
      {t('knowledge.upload')}
    </Button>
  );
  return (
    <div
      data-testid="knowledge-drop-zone"
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      className={cn(
        'flex rounded-xl border border-dashed p-4 transition-colors',
        over ? 'border-primary bg-primary-soft' : 'border-border',
        empty ? 'flex-col items-center gap-3 px-6 py-10 text-center' : 'flex-wrap items-center gap-3',
      )}
    >
      <input
        ref={input}
        type="file"
        multiple
        accept={KNOWLEDGE_ACCEPT}
        className="hidden"
        data-testid="knowledge-file-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file can be chosen again (after deleting it, or after a failed upload).
          event.target.value = '';
        }}
      />
      {empty ? (
        <>
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <BookOpen className="size-6" aria-hidden />
          </span>
          <h2 className="text-base font-semibold">{t('knowledge.emptyTitle')}</h2>
          <p className="max-w-lg text-text-muted">{t('knowledge.emptyText')}</p>
          <div className="mt-1">{button}</div>
          <p className="text-xs text-text-muted">
            {over ? t('knowledge.dropActive') : t('knowledge.dropHint')}
          </p>
        </>
      ) : (
        <>
          {button}
          <p className="min-w-0 flex-1 text-sm text-text-muted">
            {over ? t('knowledge.dropActive') : t('knowledge.dropHint')}
          </p>
        </>
      )}
    </div>
  );
}
