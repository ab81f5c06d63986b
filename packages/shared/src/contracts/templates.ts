import { z } from 'zod';
import { clientIdSchema } from './common.ts';
import { locales } from '../locales.ts';
import { freeText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../rules/text.ts';
import { outputLanguages } from './writing-control-values.ts';

/**
 * Templates: a prompt with typed fields (docs/product.md, "Templates and bulk runs"). Its prompt names
 * each field as `{{key}}`; running it fills them with the inputs. Built-in templates belong to no
 * workspace and cannot be changed; a workspace's own are shared with its members like custom prompts.
 */
export const TEMPLATE_NAME_MAX_LENGTH = 100;
export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 300;
export const TEMPLATE_PROMPT_MAX_LENGTH = 8000;
export const TEMPLATE_FIELDS_MAX = 20;
export const TEMPLATE_FIELD_LABEL_MAX_LENGTH = 80;
export const TEMPLATE_FIELD_HELP_MAX_LENGTH = 200;
export const TEMPLATE_CHOICE_OPTIONS_MAX = 30;
/** The longest input any field takes (a long text field's default and ceiling). */
export const TEMPLATE_INPUT_MAX_LENGTH = 8000;
/** A short text, choice, number, URL or language field's ceiling when it sets none lower. */
export const TEMPLATE_SHORT_INPUT_MAX_LENGTH = 500;
export const TEMPLATE_PARTS_MAX = 10;
export const TEMPLATE_PART_MAX_CHARS = 5000;
export const TEMPLATE_PART_MAX_ITEMS = 20;
/** Templates a workspace may keep (both languages together). */
export const TEMPLATES_PER_WORKSPACE = 200;

export const templateFieldTypes = ['text', 'longText', 'choice', 'number', 'url', 'language'] as const;
export type TemplateFieldType = (typeof templateFieldTypes)[number];

/** A field's or part's key: how the prompt names it (`{{key}}`) and how a row's column maps to it. */
export const templateKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Use lowercase letters, digits and _ (up to 40), starting with a letter');

export const templateFieldSchema = z.strictObject({
  key: templateKeySchema,
  label: freeText({ max: TEMPLATE_FIELD_LABEL_MAX_LENGTH }),
  help: freeText({ max: TEMPLATE_FIELD_HELP_MAX_LENGTH, min: 0 }).optional(),
  type: z.enum(templateFieldTypes),
  required: z.boolean(),
  /** Characters an input may have; a number field's inputs are numbers and ignore it. */
  maxLength: z.number().int().min(1).max(TEMPLATE_INPUT_MAX_LENGTH).optional(),
  /** A choice field's options (2 or more); other types have none. */
  options: z
    .array(freeText({ max: TEMPLATE_FIELD_LABEL_MAX_LENGTH }))
    .min(2)
    .max(TEMPLATE_CHOICE_OPTIONS_MAX)
    .optional(),
  /** A number field's bounds. */
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

/**
 * A named part of the output (a headline, a description, bullets): at most `maxChars` characters, or,
 * with `items`, that many items of at most `maxChars` each. An output over a limit is written again
 * (a bounded number of tries) and otherwise flagged, never cut.
 */
export const templateOutputPartSchema = z.strictObject({
  key: templateKeySchema,
  label: freeText({ max: TEMPLATE_FIELD_LABEL_MAX_LENGTH }),
  maxChars: z.number().int().min(1).max(TEMPLATE_PART_MAX_CHARS).optional(),
  items: z.number().int().min(1).max(TEMPLATE_PART_MAX_ITEMS).optional(),
});
export type TemplateOutputPart = z.infer<typeof templateOutputPartSchema>;

export const templateOutputSchema = z.strictObject({
  parts: z.array(templateOutputPartSchema).min(1).max(TEMPLATE_PARTS_MAX),
});
export type TemplateOutput = z.infer<typeof templateOutputSchema>;

export const templateLanguageSchema = z.enum(locales);

export const templateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  language: templateLanguageSchema,
  prompt: z.string(),
  fields: z.array(templateFieldSchema),
  output: templateOutputSchema.optional(),
  /** Built-in templates belong to no workspace and cannot be changed. */
  builtIn: z.boolean(),
  /** The member who made it; null for a built-in template. */
  createdBy: z.uuid().nullable(),
  updatedAt: z.iso.datetime(),
});
export type Template = z.infer<typeof templateSchema>;

/** `GET /workspace/{id}/templates?language=es|en` → the built-in templates of that language, then the workspace's. */
export const templateListQuerySchema = z.strictObject({ language: templateLanguageSchema.optional() });
export const templateListResponseSchema = z.object({ templates: z.array(templateSchema) });
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

const templateBodyShape = {
  name: freeText({ max: TEMPLATE_NAME_MAX_LENGTH }),
  description: freeText({ max: TEMPLATE_DESCRIPTION_MAX_LENGTH, min: 0 }).default(''),
  language: templateLanguageSchema,
  prompt: freeText({ max: TEMPLATE_PROMPT_MAX_LENGTH }),
  fields: z.array(templateFieldSchema).max(TEMPLATE_FIELDS_MAX),
  output: templateOutputSchema.optional(),
};

/** What a template's parts have wrong together, for a caller that words it in its own language. */
export type TemplateProblemCode =
  | 'duplicateFieldKey'
  | 'choiceWithoutOptions'
  | 'optionsWithoutChoice'
  | 'maxBelowMin'
  | 'promptKeyNotField'
  | 'duplicatePartKey';

export interface TemplateProblem {
  path: (string | number)[];
  message: string;
  code: TemplateProblemCode;
  /** The field key the prompt names without a field (`promptKeyNotField`). */
  key?: string;
}

/** Problems a template's parts have together (zod checks each part alone). */
export function templateProblems(template: {
  prompt: string;
  fields: TemplateField[];
  output?: TemplateOutput | undefined;
}): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const keys = new Set<string>();
  template.fields.forEach((field, index) => {
    if (keys.has(field.key))
      problems.push({
        path: ['fields', index, 'key'],
        message: 'Each field needs its own key',
        code: 'duplicateFieldKey',
      });
    keys.add(field.key);
    if (field.type === 'choice' && !field.options)
      problems.push({
        path: ['fields', index, 'options'],
        message: 'A choice field needs its options',
        code: 'choiceWithoutOptions',
      });
    if (field.type !== 'choice' && field.options)
      problems.push({
        path: ['fields', index, 'options'],
        message: 'Only a choice field has options',
        code: 'optionsWithoutChoice',
      });
    if (field.min !== undefined && field.max !== undefined && field.min > field.max)
      problems.push({
        path: ['fields', index, 'max'],
        message: 'The largest number is below the smallest',
        code: 'maxBelowMin',
      });
  });
  const named = new Set(templatePromptKeys(template.prompt));
  for (const key of named)
    if (!keys.has(key))
      problems.push({
        path: ['prompt'],
        message: `The prompt names {{${key}}}, which is not a field`,
        code: 'promptKeyNotField',
        key,
      });
  const parts = new Set<string>();
  template.output?.parts.forEach((part, index) => {
    if (parts.has(part.key))
      problems.push({
        path: ['output', 'parts', index, 'key'],
        message: 'Each part needs its own key',
        code: 'duplicatePartKey',
      });
    parts.add(part.key);
  });
  return problems;
}

function withTemplateProblems<
  T extends z.ZodType<{ prompt: string; fields: TemplateField[]; output?: TemplateOutput }>,
>(schema: T) {
  return schema.superRefine((value, context) => {
    for (const problem of templateProblems(value))
      context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
}

/** A template's content as a form holds it, each part checked alone (templateProblems checks them together). */
export const templateBodySchema = z.strictObject(templateBodyShape);
export type TemplateBodyInput = z.input<typeof templateBodySchema>;

/** `POST /workspace/{id}/templates` → 201 the template. */
export const createTemplateBodySchema = withTemplateProblems(
  z.strictObject({ id: clientIdSchema, ...templateBodyShape }),
);
export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;

/** `PATCH /template/{id}`: replaces what it carries; built-in templates are read-only (403 FORBIDDEN). */
export const updateTemplateBodySchema = z.strictObject({
  name: templateBodyShape.name.optional(),
  description: freeText({ max: TEMPLATE_DESCRIPTION_MAX_LENGTH, min: 0 }).optional(),
  prompt: templateBodyShape.prompt.optional(),
  fields: templateBodyShape.fields.optional(),
  output: templateOutputSchema.nullable().optional(),
});
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;

/** A template's prompt names each field as `{{key}}`. */
const keyPattern = /\{\{\s*([a-z][a-z0-9_]{0,39})\s*\}\}/g;

/** The field keys a template's prompt names, each once, in order of first appearance. */
export function templatePromptKeys(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(keyPattern)].map((match) => match[1]!))];
}

/** The inputs one run (or one row) gives a template's fields, by field key. */
export const templateInputsSchema = z.record(templateKeySchema, z.string().max(TEMPLATE_INPUT_MAX_LENGTH));
export type TemplateInputs = z.infer<typeof templateInputsSchema>;

export interface TemplateInputProblem {
  field: string;
  message: string;
  code:
    | 'required'
    | 'unstorable'
    | 'tooLong'
    | 'notNumber'
    | 'belowMin'
    | 'aboveMax'
    | 'notUrl'
    | 'notOption'
    | 'notLanguage';
  /** The limit `tooLong`, `belowMin` and `aboveMax` name. */
  limit?: number;
}

const languageInputs = new Set<string>(outputLanguages);

/** What is wrong with one run's inputs, field by field (empty when the run can go). */
export function templateInputProblems(
  fields: TemplateField[],
  inputs: TemplateInputs,
): TemplateInputProblem[] {
  const problems: TemplateInputProblem[] = [];
  for (const field of fields) {
    const value = (inputs[field.key] ?? '').trim();
    if (!value) {
      if (field.required) problems.push({ field: field.key, message: 'Required', code: 'required' });
      continue;
    }
    const max =
      field.maxLength ??
      (field.type === 'longText' ? TEMPLATE_INPUT_MAX_LENGTH : TEMPLATE_SHORT_INPUT_MAX_LENGTH);
    if (!isStorableText(value))
      problems.push({ field: field.key, message: UNSTORABLE_TEXT_MESSAGE, code: 'unstorable' });
    else if (value.length > max)
      problems.push({ field: field.key, message: `At most ${max} characters`, code: 'tooLong', limit: max });
    else if (field.type === 'number') {
      const number = Number(value.replace(',', '.'));
      if (!Number.isFinite(number))
        problems.push({ field: field.key, message: 'Not a number', code: 'notNumber' });
      else if (field.min !== undefined && number < field.min)
        problems.push({
          field: field.key,
          message: `At least ${field.min}`,
          code: 'belowMin',
          limit: field.min,
        });
      else if (field.max !== undefined && number > field.max)
        problems.push({
          field: field.key,
          message: `At most ${field.max}`,
          code: 'aboveMax',
          limit: field.max,
        });
    } else if (field.type === 'url' && !URL.canParse(value)) {
      problems.push({ field: field.key, message: 'Not a web address', code: 'notUrl' });
    } else if (field.type === 'choice' && !field.options?.includes(value)) {
      problems.push({ field: field.key, message: 'Not one of the options', code: 'notOption' });
    } else if (field.type === 'language' && !languageInputs.has(value)) {
      problems.push({
        field: field.key,
        message: `One of ${outputLanguages.join(', ')}`,
        code: 'notLanguage',
      });
    }
  }
  return problems;
}

/** The prompt a run sends: each `{{key}}` replaced by its input; a key without an input becomes empty. */
export function renderTemplatePrompt(prompt: string, inputs: TemplateInputs): string {
  return prompt.replace(keyPattern, (_whole, key: string) => (inputs[key] ?? '').trim());
}
