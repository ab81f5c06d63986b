import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SPREADSHEET_ACCEPT, SPREADSHEET_MAX_MB } from '../lib/file-check';

/** Files dragged from the desktop (not text or a link dragged from the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Where the spreadsheet comes in: "choose a file" (a button, so the keyboard reaches it) or a drop
 * anywhere on the zone. `busy` while the chosen file is being read by the server.
 */
export function FileDrop({
  onFile,
  busy,
  fileName,
}: {
  onFile: (file: File) => void;
  busy: boolean;
  fileName: string | null;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  return (
    <div
      data-testid="batch-drop-zone"
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file && !busy) onFile(file);
      }}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-8 text-center transition-colors',
        over ? 'border-primary bg-primary-soft' : 'border-border',
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <FileSpreadsheet className="size-6" aria-hidden />
      </span>
      <input
        ref={input}
        type="file"
        accept={SPREADSHEET_ACCEPT}
        className="hidden"
        data-testid="batch-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file can be chosen again (after fixing it on disk).
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {fileName && <p className="font-medium break-all">{fileName}</p>}
      <Button
        variant={fileName ? 'secondary' : 'primary'}
        loading={busy}
        onClick={() => input.current?.click()}
        icon={<Upload className="size-4" aria-hidden />}
      >
        {fileName ? t('batches.file.chooseAnother') : t('batches.file.choose')}
      </Button>
      {/* A large file takes seconds to read: the zone says what it is waiting for, to screen readers too. */}
      <p className="text-xs text-text-muted" role="status">
        {busy
          ? t('batches.file.reading')
          : over
            ? t('batches.file.dropActive')
            : t('batches.file.hint', { mb: SPREADSHEET_MAX_MB })}
      </p>
    </div>
  );
}
