import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { TEMPLATE_PARTS_MAX } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { partDraft, type PartDraft } from '../draft';
import { keyFromLabel } from '../key-slug';
import { moved, RowControls } from './row-controls';

/** The parts the reply comes in (a headline, bullets…), each with its limit of characters or items. */
export function PartsEditor({
  parts,
  onChange,
  errorText,
}: {
  parts: PartDraft[];
  onChange: (parts: PartDraft[]) => void;
  errorText: (place: string) => string | null;
}) {
  const { t } = useTranslation();
  const update = (index: number, change: Partial<PartDraft>) =>
    onChange(parts.map((part, i) => (i === index ? { ...part, ...change } : part)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold">{t('templates.editor.parts')}</legend>
      <p className="-mt-2 text-xs text-text-muted">{t('templates.editor.partsHelp')}</p>
      <ol className="flex flex-col gap-3">
        {parts.map((part, index) => {
          const at = (name: string) => errorText(`parts.${index}.${name}`);
          const name = part.label.trim() || t('templates.editor.partN', { n: index + 1 });
          return (
            <li
              key={part.rowId}
              data-testid="part-row"
              className="flex flex-col gap-3 rounded-lg border border-border p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="min-w-0 truncate text-sm font-semibold">{name}</h3>
                <RowControls
                  name={name}
                  index={index}
                  count={parts.length}
                  onMove={(to) => onChange(moved(parts, index, to))}
                  onRemove={() => onChange(parts.filter((_, i) => i !== index))}
                />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <Input
                  label={t('templates.editor.partLabel')}
                  value={part.label}
                  error={at('label')}
                  onChange={(event) => update(index, { label: event.target.value })}
                  onBlur={() => !part.key && update(index, { key: keyFromLabel(part.label) })}
                />
                <Input
                  label={t('templates.editor.key')}
                  value={part.key}
                  error={at('key')}
                  spellCheck={false}
                  autoCapitalize="off"
                  onChange={(event) => update(index, { key: event.target.value })}
                />
                <Input
                  label={t('templates.editor.maxChars')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={part.maxChars}
                  error={at('maxChars')}
                  onChange={(event) => update(index, { maxChars: event.target.value })}
                />
                <Input
                  label={t('templates.editor.items')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={part.items}
                  error={at('items')}
                  hint={t('templates.editor.itemsHint')}
                  onChange={(event) => update(index, { items: event.target.value })}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={parts.length >= TEMPLATE_PARTS_MAX}
        onClick={() => onChange([...parts, partDraft()])}
        icon={<Plus className="size-4" aria-hidden />}
      >
        {t('templates.editor.addPart')}
      </Button>
      {errorText('parts') && (
        <p className="text-[13px] text-danger" role="alert">
          {errorText('parts')}
        </p>
      )}
    </fieldset>
  );
}
