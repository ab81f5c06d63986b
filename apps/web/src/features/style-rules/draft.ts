import {
  putStyleRulesBodySchema,
  STYLE_EXCLAMATIONS,
  STYLE_SENTENCE_WORDS,
  type PutStyleRulesBody,
  type StyleLanguage,
  type StyleRule,
  type StyleRuleKind,
} from '@redacta/shared';

/** A rule as its form holds it: every field a string, so nothing typed is changed until it is saved. */
export interface DraftRule {
  /** Stable while editing, for React and focus. */
  key: string;
  id?: string;
  kind: StyleRuleKind;
  language: StyleLanguage | '';
  /** prefer.use, ban.phrase or exact-case.term. */
  term: string;
  /** prefer.avoid, separated by commas. */
  avoid: string;
  value: string;
}

export type DraftField = 'term' | 'avoid' | 'value';

let keys = 0;
const nextKey = () => `rule-${(keys += 1)}`;

export const defaultValue: Record<StyleRuleKind, string> = {
  prefer: '',
  ban: '',
  'exact-case': '',
  'max-sentence-words': '30',
  'max-exclamations': '1',
};

export function newDraft(kind: StyleRuleKind): DraftRule {
  return { key: nextKey(), kind, language: '', term: '', avoid: '', value: defaultValue[kind] };
}

export function toDraft(rule: StyleRule): DraftRule {
  const base = {
    key: nextKey(),
    id: rule.id,
    kind: rule.kind,
    language: rule.language ?? '',
    term: '',
    avoid: '',
    value: '',
  } as const;
  switch (rule.kind) {
    case 'prefer':
      return { ...base, term: rule.use, avoid: rule.avoid.join(', ') };
    case 'ban':
      return { ...base, term: rule.phrase };
    case 'exact-case':
      return { ...base, term: rule.term };
    default:
      return { ...base, value: String(rule.value) };
  }
}

function toRule(draft: DraftRule): PutStyleRulesBody['rules'][number] {
  const common = {
    ...(draft.id ? { id: draft.id } : {}),
    ...(draft.language ? { language: draft.language } : {}),
  };
  switch (draft.kind) {
    case 'prefer':
      return {
        ...common,
        kind: 'prefer',
        use: draft.term,
        avoid: draft.avoid
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean),
      };
    case 'ban':
      return { ...common, kind: 'ban', phrase: draft.term };
    case 'exact-case':
      return { ...common, kind: 'exact-case', term: draft.term };
    default:
      return { ...common, kind: draft.kind, value: Number(draft.value.trim() || Number.NaN) };
  }
}

export type DraftErrors = Record<string, Partial<Record<DraftField, string>>>;

export const valueRange = (kind: StyleRuleKind) =>
  kind === 'max-sentence-words' ? STYLE_SENTENCE_WORDS : STYLE_EXCLAMATIONS;

/**
 * The body to save, or the message key of each field in the way, by the rule's key. The shared
 * contract decides; its issues are put on the field they concern.
 */
export function toBody(drafts: DraftRule[]): { body: PutStyleRulesBody } | { errors: DraftErrors } {
  const parsed = putStyleRulesBodySchema.safeParse({ rules: drafts.map(toRule) });
  if (parsed.success) return { body: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const [, index, field] = issue.path;
    const draft = typeof index === 'number' ? drafts[index] : undefined;
    if (!draft) continue;
    const place: DraftField = field === 'avoid' ? 'avoid' : field === 'value' ? 'value' : 'term';
    const message =
      place === 'value'
        ? 'styleRules.errors.value'
        : issue.code === 'too_big'
          ? place === 'avoid'
            ? 'styleRules.errors.tooManyWords'
            : 'styleRules.errors.tooLong'
          : place === 'avoid'
            ? 'styleRules.errors.avoidRequired'
            : 'styleRules.errors.termRequired';
    errors[draft.key] = { [place]: message, ...errors[draft.key] };
  }
  return { errors };
}

/** Whether the drafts say something other than the saved rules. */
export function changed(drafts: DraftRule[], saved: StyleRule[]): boolean {
  return JSON.stringify(drafts.map(toRule)) !== JSON.stringify(saved.map(toDraft).map(toRule));
}
