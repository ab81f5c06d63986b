import { useTranslation } from 'react-i18next';
import { TEMPLATE_PARTS_MAX } from '@redacta/shared';
import { Input } from '@/components/ui/input';
import { partDraft, type PartDraft } from '../draft';
import { keyFromLabel } from '../key-slug';
import { RowsEditor } from './rows-editor';

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
  return (
    <RowsEditor
      legend={t('templates.editor.parts')}
      help={t('templates.editor.partsHelp')}
      rows={parts}
      max={TEMPLATE_PARTS_MAX}
      addLabel={t('templates.editor.addPart')}
      newRow={() => partDraft()}
      unnamed={(index) => t('templates.editor.partN', { n: index + 1 })}
      rowTestId="part-row"
      listError={errorText('parts')}
      onChange={onChange}
    >
      {(part, index, update) => {
        const at = (name: string) => errorText(`parts.${index}.${name}`);
        return (
          <div className="grid gap-3 sm:grid-cols-2">
            <Input
              label={t('templates.editor.partLabel')}
              value={part.label}
              error={at('label')}
              onChange={(event) => update({ label: event.target.value })}
              onBlur={() => !part.key && update({ key: keyFromLabel(part.label) })}
            />
            <Input
              label={t('templates.editor.key')}
              value={part.key}
              error={at('key')}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(event) => update({ key: event.target.value })}
            />
            <Input
              label={t('templates.editor.maxChars')}
              type="number"
              inputMode="numeric"
              min={1}
              value={part.maxChars}
              error={at('maxChars')}
              onChange={(event) => update({ maxChars: event.target.value })}
            />
            <Input
              label={t('templates.editor.items')}
              type="number"
              inputMode="numeric"
              min={1}
              value={part.items}
              error={at('items')}
              hint={t('templates.editor.itemsHint')}
              onChange={(event) => update({ items: event.target.value })}
            />
          </div>
        );
      }}
    </RowsEditor>
  );
}
