import { z } from 'zod';
import { freeText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../rules/text.ts';
import type { StyleRule, StyleViolation } from '../style/types.ts';

/** Rules a workspace may keep: enough for a real style guide, small enough to check on every keystroke. */
export const STYLE_RULES_PER_WORKSPACE = 100;
export const STYLE_TERM_MAX_LENGTH = 100;
/** Words a "prefer" rule may list to avoid. */
export const STYLE_AVOID_MAX = 10;
export const STYLE_SENTENCE_WORDS = { min: 3, max: 200 } as const;
export const STYLE_EXCLAMATIONS = { min: 0, max: 20 } as const;
/** Characters `POST /workspace/{id}/style-check` accepts: a long document's text. */
export const STYLE_CHECK_TEXT_MAX_LENGTH = 200_000;

export const styleLanguages = ['es', 'en'] as const;
export const styleRuleKinds = [
  'prefer',
  'ban',
  'exact-case',
  'max-sentence-words',
  'max-exclamations',
] as const;

/** A term of a rule: the shared text rule, and at least one letter or digit (punctuation alone matches noise). */
const termSchema = freeText({ max: STYLE_TERM_MAX_LENGTH }).refine((term) => /[\p{L}\p{N}]/u.test(term), {
  message: 'A term needs a letter or a digit',
});

const common = {
  /** Sent back to keep a rule's id across saves; a rule without one gets a new id. */
  id: z.uuid().optional(),
  language: z.enum(styleLanguages).optional(),
};

const ruleInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...common,
    kind: z.literal('prefer'),
    use: termSchema,
    avoid: z.array(termSchema).min(1).max(STYLE_AVOID_MAX),
  }),
  z.strictObject({ ...common, kind: z.literal('ban'), phrase: termSchema }),
  z.strictObject({ ...common, kind: z.literal('exact-case'), term: termSchema }),
  z.strictObject({
    ...common,
    kind: z.literal('max-sentence-words'),
    value: z.int().min(STYLE_SENTENCE_WORDS.min).max(STYLE_SENTENCE_WORDS.max),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('max-exclamations'),
    value: z.int().min(STYLE_EXCLAMATIONS.min).max(STYLE_EXCLAMATIONS.max),
  }),
]);
export type StyleRuleInput = z.input<typeof ruleInputSchema>;

/** `PUT /workspace/{id}/style-rules`: the whole list, in the order the page shows it. */
export const putStyleRulesBodySchema = z.strictObject({
  rules: z
    .array(ruleInputSchema)
    .max(STYLE_RULES_PER_WORKSPACE)
    .refine(
      (rules) => {
        const ids = rules.flatMap((rule) => (rule.id ? [rule.id] : []));
        return new Set(ids).size === ids.length;
      },
      { message: 'Two rules have the same id' },
    ),
});
export type PutStyleRulesBody = z.infer<typeof putStyleRulesBodySchema>;

const languageField = { language: z.enum(styleLanguages).optional() };
// Single-value enums rather than literals: the OpenAPI document shows them the same way either side.
export const styleRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.uuid(),
    ...languageField,
    kind: z.enum(['prefer']),
    use: z.string(),
    avoid: z.array(z.string()),
  }),
  z.object({ id: z.uuid(), ...languageField, kind: z.enum(['ban']), phrase: z.string() }),
  z.object({ id: z.uuid(), ...languageField, kind: z.enum(['exact-case']), term: z.string() }),
  z.object({
    id: z.uuid(),
    ...languageField,
    kind: z.enum(['max-sentence-words']),
    value: z.number().int(),
  }),
  z.object({ id: z.uuid(), ...languageField, kind: z.enum(['max-exclamations']), value: z.number().int() }),
]) satisfies z.ZodType<StyleRule>;

/** `GET` and `PUT /workspace/{id}/style-rules`: the rules, each with its id; `updatedAt` null before the first save. */
export const styleRulesResponseSchema = z.object({
  rules: z.array(styleRuleSchema),
  /** The language the workspace's replies are written in (its owner's): the one replies are checked in. */
  language: z.enum(styleLanguages),
  updatedAt: z.string().nullable(),
});
export type StyleRulesResponse = z.infer<typeof styleRulesResponseSchema>;

/**
 * `POST /workspace/{id}/style-check`. The text is checked as sent, never trimmed (the positions
 * answered are indices into it), so it takes the storable-text part of the shared rule only.
 */
export const styleCheckBodySchema = z.strictObject({
  text: z
    .string()
    .max(STYLE_CHECK_TEXT_MAX_LENGTH)
    .refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE }),
  language: z.enum(styleLanguages),
});
export type StyleCheckBody = z.infer<typeof styleCheckBodySchema>;

export const styleViolationSchema = z.object({
  ruleId: z.uuid(),
  kind: z.enum(styleRuleKinds),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  found: z.string(),
  suggestion: z.string().nullable(),
}) satisfies z.ZodType<StyleViolation>;

export const styleCheckResponseSchema = z.object({ violations: z.array(styleViolationSchema) });
export type StyleCheckResponse = z.infer<typeof styleCheckResponseSchema>;
