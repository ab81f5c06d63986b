import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchRow, TemplateOutputPart } from '@redacta/shared';
import { Spinner } from '@/components/ui/spinner';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { partLength } from '../lib/part-length';
import { PartLengthLabel } from './part-length-label';

/**
 * One output part of one row, edited in place: a click or Enter opens the text; Enter or leaving
 * the field saves (Shift+Enter starts a new line), Escape puts the saved text back. A save that
 * fails keeps what was typed in the field and says so, to try again.
 */
export function OutputCell({
  row,
  part,
  onSave,
}: {
  row: BatchRow;
  part: TemplateOutputPart;
  onSave: (text: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const saved = row.outputs[part.key] ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  // Set once the field is being closed, so the blur its removal may cause saves nothing.
  const closing = useRef(false);
  const editable = row.status === 'done' || row.status === 'failed' || saved !== '';

  const close = () => {
    closing.current = true;
    setDraft(null);
    setFailed(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const save = async () => {
    if (draft === null || saving || closing.current) return;
    if (draft === saved) return close();
    setSaving(true);
    try {
      await onSave(draft);
      close();
    } catch {
      setFailed(true);
      field.current?.focus();
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  const length = partLength(draft ?? saved, part, draft === null ? row : undefined);
  const label = t('batches.table.editCell', { part: part.label, row: row.index + 1 });
  return (
    <div className="flex flex-col gap-1" data-testid={`output-${part.key}`}>
      {draft === null ? (
        <button
          ref={opener}
          type="button"
          disabled={!editable}
          onClick={() => {
            closing.current = false;
            setDraft(saved);
          }}
          title={editable ? label : undefined}
          className="min-h-8 rounded-md px-1.5 py-1 text-left text-sm leading-relaxed break-words whitespace-pre-wrap hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-default disabled:hover:bg-transparent"
        >
          {saved || (
            <span className="text-text-muted">
              {row.status === 'pending' || row.status === 'running' ? '…' : '—'}
            </span>
          )}
          {editable && <span className="sr-only"> ({label})</span>}
        </button>
      ) : (
        <textarea
          ref={field}
          autoFocus
          aria-label={label}
          value={draft}
          rows={Math.min(8, Math.max(2, draft.split('\n').length))}
          readOnly={saving}
          aria-invalid={failed || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => void save()}
          className={cn(fieldClasses, 'py-1.5 text-sm leading-relaxed')}
        />
      )}
      <div className="flex flex-wrap items-center gap-2 px-1.5">
        {(saved !== '' || draft !== null) && <PartLengthLabel length={length} />}
        {saving && <Spinner label={t('batches.table.saving')} className="size-3.5" />}
      </div>
      {failed && (
        <p role="alert" className="px-1.5 text-xs text-danger">
          {t('batches.table.saveFailed')}
        </p>
      )}
    </div>
  );
}
