import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { templateFieldTypes, TEMPLATE_FIELDS_MAX } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { fieldDraft, type FieldDraft } from '../draft';
import { keyFromLabel } from '../key-slug';
import { moved, RowControls } from './row-controls';

/** The template's fields: add, remove, reorder; each with its key, label, help, type and limits. */
export function FieldsEditor({
  fields,
  onChange,
  errorText,
}: {
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  /** The worded error at a place (`fields.1.key`), if any is to be shown. */
  errorText: (place: string) => string | null;
}) {
  const { t } = useTranslation();
  const update = (index: number, change: Partial<FieldDraft>) =>
    onChange(fields.map((field, i) => (i === index ? { ...field, ...change } : field)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold">{t('templates.editor.fields')}</legend>
      <p className="-mt-2 text-xs text-text-muted">{t('templates.editor.fieldsHelp')}</p>
      {fields.length === 0 && <p className="text-sm text-text-muted">{t('templates.editor.noFields')}</p>}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const at = (name: string) => errorText(`fields.${index}.${name}`);
          const name = field.label.trim() || t('templates.editor.fieldN', { n: index + 1 });
          return (
            <li
              key={field.rowId}
              data-testid="field-row"
              className="flex flex-col gap-3 rounded-lg border border-border p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="min-w-0 truncate text-sm font-semibold">{name}</h3>
                <RowControls
                  name={name}
                  index={index}
                  count={fields.length}
                  onMove={(to) => onChange(moved(fields, index, to))}
                  onRemove={() => onChange(fields.filter((_, i) => i !== index))}
                />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <Input
                  label={t('templates.editor.label')}
                  value={field.label}
                  error={at('label')}
                  onChange={(event) => update(index, { label: event.target.value })}
                  onBlur={() => !field.key && update(index, { key: keyFromLabel(field.label) })}
                />
                <Input
                  label={t('templates.editor.key')}
                  value={field.key}
                  error={at('key')}
                  hint={t('templates.editor.keyHint')}
                  spellCheck={false}
                  autoCapitalize="off"
                  onChange={(event) => update(index, { key: event.target.value })}
                />
                <SelectField
                  label={t('templates.editor.type')}
                  value={field.type}
                  error={at('type')}
                  required
                  options={templateFieldTypes.map((type) => ({
                    value: type,
                    label: t(`templates.types.${type}`),
                  }))}
                  onChange={(type) => update(index, { type })}
                />
                <label className="inline-flex items-center gap-2 self-end pb-2 text-sm">
                  <input
                    type="checkbox"
                    checked={field.required}
                    onChange={(event) => update(index, { required: event.target.checked })}
                    className="size-4 accent-primary"
                  />
                  {t('templates.editor.required')}
                </label>
              </div>
              <Input
                label={t('templates.editor.help')}
                value={field.help}
                error={at('help')}
                onChange={(event) => update(index, { help: event.target.value })}
              />
              {field.type === 'number' ? (
                <div className="grid grid-cols-2 gap-3">
                  <Input
                    label={t('templates.editor.min')}
                    type="number"
                    inputMode="decimal"
                    value={field.min}
                    error={at('min')}
                    onChange={(event) => update(index, { min: event.target.value })}
                  />
                  <Input
                    label={t('templates.editor.max')}
                    type="number"
                    inputMode="decimal"
                    value={field.max}
                    error={at('max')}
                    onChange={(event) => update(index, { max: event.target.value })}
                  />
                </div>
              ) : (
                <Input
                  label={t('templates.editor.maxLength')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={field.maxLength}
                  error={at('maxLength')}
                  hint={t('templates.editor.maxLengthHint')}
                  onChange={(event) => update(index, { maxLength: event.target.value })}
                />
              )}
              {field.type === 'choice' && (
                <Textarea
                  label={t('templates.editor.options')}
                  rows={3}
                  value={field.options}
                  error={at('options')}
                  hint={t('templates.editor.optionsHint')}
                  onChange={(event) => update(index, { options: event.target.value })}
                />
              )}
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={fields.length >= TEMPLATE_FIELDS_MAX}
        onClick={() => onChange([...fields, fieldDraft()])}
        icon={<Plus className="size-4" aria-hidden />}
      >
        {t('templates.editor.addField')}
      </Button>
      {errorText('fields') && (
        <p className="text-[13px] text-danger" role="alert">
          {errorText('fields')}
        </p>
      )}
    </fieldset>
  );
}
