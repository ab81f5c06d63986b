import { useTranslation } from 'react-i18next';
import { templateFieldTypes, TEMPLATE_FIELDS_MAX } from '@redacta/shared';
import { Input, Textarea } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { fieldDraft, type FieldDraft } from '../draft';
import { keyFromLabel } from '../key-slug';
import { RowsEditor } from './rows-editor';

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
  return (
    <RowsEditor
      legend={t('templates.editor.fields')}
      help={t('templates.editor.fieldsHelp')}
      empty={t('templates.editor.noFields')}
      rows={fields}
      max={TEMPLATE_FIELDS_MAX}
      addLabel={t('templates.editor.addField')}
      newRow={() => fieldDraft()}
      unnamed={(index) => t('templates.editor.fieldN', { n: index + 1 })}
      rowTestId="field-row"
      listError={errorText('fields')}
      onChange={onChange}
    >
      {(field, index, update) => {
        const at = (name: string) => errorText(`fields.${index}.${name}`);
        return (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Input
                label={t('templates.editor.label')}
                value={field.label}
                error={at('label')}
                onChange={(event) => update({ label: event.target.value })}
                onBlur={() => !field.key && update({ key: keyFromLabel(field.label) })}
              />
              <Input
                label={t('templates.editor.key')}
                value={field.key}
                error={at('key')}
                hint={t('templates.editor.keyHint')}
                spellCheck={false}
                autoCapitalize="off"
                onChange={(event) => update({ key: event.target.value })}
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
                onChange={(type) => update({ type })}
              />
              <label className="inline-flex items-center gap-2 self-end pb-2 text-sm">
                <input
                  type="checkbox"
                  checked={field.required}
                  onChange={(event) => update({ required: event.target.checked })}
                  className="size-4 accent-primary"
                />
                {t('templates.editor.required')}
              </label>
            </div>
            <Input
              label={t('templates.editor.help')}
              value={field.help}
              error={at('help')}
              onChange={(event) => update({ help: event.target.value })}
            />
            {field.type === 'number' ? (
              <div className="grid grid-cols-2 gap-3">
                <Input
                  label={t('templates.editor.min')}
                  type="number"
                  inputMode="decimal"
                  value={field.min}
                  error={at('min')}
                  onChange={(event) => update({ min: event.target.value })}
                />
                <Input
                  label={t('templates.editor.max')}
                  type="number"
                  inputMode="decimal"
                  value={field.max}
                  error={at('max')}
                  onChange={(event) => update({ max: event.target.value })}
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
                onChange={(event) => update({ maxLength: event.target.value })}
              />
            )}
            {field.type === 'choice' && (
              <Textarea
                label={t('templates.editor.options')}
                rows={3}
                value={field.options}
                error={at('options')}
                hint={t('templates.editor.optionsHint')}
                onChange={(event) => update({ options: event.target.value })}
              />
            )}
          </>
        );
      }}
    </RowsEditor>
  );
}
