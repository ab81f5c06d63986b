import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { styleRuleKinds, type StyleRuleKind } from '@redacta/shared';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { defaultValue, valueRange, type DraftField, type DraftRule } from '../draft';

const isTermKind = (kind: StyleRuleKind) => kind === 'prefer' || kind === 'ban' || kind === 'exact-case';

/** One rule in the owner's editor: its kind, what it says, its language, and remove. */
export function RuleRow({
  draft,
  index,
  errors,
  onChange,
  onRemove,
}: {
  draft: DraftRule;
  index: number;
  errors: Partial<Record<DraftField, string>> | undefined;
  onChange: (change: Partial<DraftRule>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const error = (field: DraftField) => (errors?.[field] ? t(errors[field], valueRange(draft.kind)) : null);
  const changeKind = (kind: StyleRuleKind) =>
    // The words typed stay when moving between the term kinds; a limit starts from its default.
    onChange({ kind, ...(isTermKind(kind) ? {} : { value: defaultValue[kind] }) });
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4"
      aria-label={t('styleRules.ruleNumber', { number: index + 1 })}
      data-testid="style-rule"
      data-rule-key={draft.key}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('styleRules.kindLabel')}
          value={draft.kind}
          options={styleRuleKinds.map((kind) => ({ value: kind, label: t(`styleRules.kind.${kind}`) }))}
          onChange={changeKind}
        />
        <SelectField
          label={t('styleRules.languageLabel')}
          value={draft.language}
          options={[
            { value: '', label: t('styleRules.language.both') },
            { value: 'es', label: 'Español' },
            { value: 'en', label: 'English' },
          ]}
          onChange={(language) => onChange({ language })}
        />
      </div>
      {isTermKind(draft.kind) ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Input
            label={t(`styleRules.termLabel.${draft.kind}`)}
            value={draft.term}
            error={error('term')}
            placeholder={t(`styleRules.termPlaceholder.${draft.kind}`)}
            onChange={(event) => onChange({ term: event.target.value })}
          />
          {draft.kind === 'prefer' && (
            <Input
              label={t('styleRules.avoidLabel')}
              value={draft.avoid}
              error={error('avoid')}
              hint={t('styleRules.avoidHint')}
              placeholder="e-mail, mail"
              onChange={(event) => onChange({ avoid: event.target.value })}
            />
          )}
        </div>
      ) : (
        <Input
          label={t(`styleRules.valueLabel.${draft.kind}`)}
          type="number"
          inputMode="numeric"
          min={valueRange(draft.kind).min}
          max={valueRange(draft.kind).max}
          value={draft.value}
          error={error('value')}
          className="max-w-40"
          onChange={(event) => onChange({ value: event.target.value })}
        />
      )}
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" icon={<Trash2 className="size-4" aria-hidden />} onClick={onRemove}>
          {t('styleRules.remove')}
        </Button>
      </div>
    </li>
  );
}
