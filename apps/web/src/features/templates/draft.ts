import {
  templateBodySchema,
  templateProblems,
  type TemplateBodyInput,
  type Template,
  type TemplateField,
  type TemplateFieldType,
  type TemplateOutputPart,
} from '@redacta/shared';
import type { Locale } from '@redacta/shared/locales';
import type { NewTemplate } from './api/use-templates';

/** A field as the editor holds it: numbers and options as typed, so a half-typed value stays on screen. */
export interface FieldDraft {
  /** Stable across reordering and key edits: the editor's own row id. */
  rowId: string;
  key: string;
  label: string;
  help: string;
  type: TemplateFieldType;
  required: boolean;
  maxLength: string;
  /** A choice field's options, one per line. */
  options: string;
  min: string;
  max: string;
}

export interface PartDraft {
  rowId: string;
  key: string;
  label: string;
  maxChars: string;
  items: string;
}

export interface TemplateDraft {
  name: string;
  description: string;
  language: Locale;
  prompt: string;
  fields: FieldDraft[];
  parts: PartDraft[];
}

let rows = 0;
const rowId = () => `row-${++rows}`;

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function fieldDraft(field?: TemplateField): FieldDraft {
  return {
    rowId: rowId(),
    key: field?.key ?? '',
    label: field?.label ?? '',
    help: field?.help ?? '',
    type: field?.type ?? 'text',
    required: field?.required ?? true,
    maxLength: text(field?.maxLength),
    options: field?.options?.join('\n') ?? '',
    min: text(field?.min),
    max: text(field?.max),
  };
}

export function partDraft(part?: TemplateOutputPart): PartDraft {
  return {
    rowId: rowId(),
    key: part?.key ?? '',
    label: part?.label ?? '',
    maxChars: text(part?.maxChars),
    items: text(part?.items),
  };
}

/** The editor's start: a template's content (a copy's, for "Duplicar para editar"), or an empty one. */
export function templateDraft(template: Template | undefined, language: Locale): TemplateDraft {
  return {
    name: template?.name ?? '',
    description: template?.description ?? '',
    language: template?.language ?? language,
    prompt: template?.prompt ?? '',
    fields: template?.fields.map(fieldDraft) ?? [],
    parts: template?.output?.parts.map(partDraft) ?? [],
  };
}

/** An empty input is no value; anything else is read as a number (NaN, which the schema refuses, if it is none). */
const number = (value: string) => (value.trim() === '' ? undefined : Number(value.trim().replace(',', '.')));

function toField(draft: FieldDraft): TemplateField {
  const options = draft.options
    .split('\n')
    .map((option) => option.trim())
    .filter(Boolean);
  return {
    key: draft.key.trim(),
    label: draft.label,
    ...(draft.help.trim() ? { help: draft.help } : {}),
    type: draft.type,
    required: draft.required,
    ...(draft.type !== 'number' && number(draft.maxLength) !== undefined
      ? { maxLength: number(draft.maxLength) }
      : {}),
    ...(draft.type === 'choice' && options.length > 0 ? { options } : {}),
    ...(draft.type === 'number' && number(draft.min) !== undefined ? { min: number(draft.min) } : {}),
    ...(draft.type === 'number' && number(draft.max) !== undefined ? { max: number(draft.max) } : {}),
  };
}

function toPart(draft: PartDraft): TemplateOutputPart {
  return {
    key: draft.key.trim(),
    label: draft.label,
    ...(number(draft.maxChars) !== undefined ? { maxChars: number(draft.maxChars) } : {}),
    ...(number(draft.items) !== undefined ? { items: number(draft.items) } : {}),
  };
}

/** The template the draft describes, before any check. */
export function draftContent(draft: TemplateDraft): TemplateBodyInput {
  return {
    name: draft.name,
    description: draft.description,
    language: draft.language,
    prompt: draft.prompt,
    fields: draft.fields.map(toField),
    ...(draft.parts.length > 0 ? { output: { parts: draft.parts.map(toPart) } } : {}),
  };
}

/** One thing wrong with the draft, kept as what went wrong (worded when shown, in the language then). */
export interface DraftError {
  key: string;
  values?: Record<string, string | number>;
}

/** A draft's errors by place: `name`, `prompt`, `fields.2.key`, `parts.0.maxChars`, `fields` (the list). */
export type DraftErrors = Record<string, DraftError>;

/** Where a contract path shows on the form: the output's parts are the editor's `parts`. */
function place(path: PropertyKey[]): string {
  const parts = path.map(String);
  if (parts[0] === 'output') return ['parts', ...parts.slice(2)].join('.');
  return parts.join('.');
}

/**
 * The body to save, or what is wrong and where: the shared schema checks each input alone and
 * templateProblems the parts together, exactly as the server does.
 */
export function checkDraft(draft: TemplateDraft): { body: NewTemplate } | { errors: DraftErrors } {
  const content = draftContent(draft);
  const parsed = templateBodySchema.safeParse(content);
  const errors: DraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = place(issue.path);
      if (errors[at]) continue;
      if (issue.code === 'too_small')
        errors[at] =
          issue.origin === 'array'
            ? { key: 'templates.errors.fewOptions', values: { min: Number(issue.minimum) } }
            : issue.origin === 'string'
              ? { key: 'validation.required' }
              : { key: 'templates.errors.atLeast', values: { min: Number(issue.minimum) } };
      else if (issue.code === 'too_big')
        errors[at] =
          issue.origin === 'string'
            ? { key: 'templates.errors.tooLong', values: { max: Number(issue.maximum) } }
            : issue.origin === 'array'
              ? { key: 'templates.errors.tooMany', values: { max: Number(issue.maximum) } }
              : { key: 'templates.errors.atMost', values: { max: Number(issue.maximum) } };
      else if (issue.code === 'invalid_format') errors[at] = { key: 'templates.errors.key' };
      else if (issue.code === 'invalid_type') errors[at] = { key: 'templates.errors.number' };
      else errors[at] = { key: 'templates.errors.invalid' };
    }
  }
  for (const problem of templateProblems(content)) {
    const at = place(problem.path);
    errors[at] ??= {
      key: `templates.problems.${problem.code}`,
      ...(problem.key ? { values: { key: `{{${problem.key}}}` } } : {}),
    };
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}
