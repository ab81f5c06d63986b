import { z } from 'zod';
import { clientIdSchema } from './common.ts';
import { locales } from '../locales.ts';
import { freeText } from '../rules/text.ts';

export const PROMPT_NAME_MAX_LENGTH = 100;
export const PROMPT_TEXT_MAX_LENGTH = 8000;
/** Recientes keeps the last ten prompts used, newest first; using one again moves it to the top. */
export const RECENT_PROMPTS_LIMIT = 10;

export const promptLanguageSchema = z.enum(locales);
export const promptNameSchema = freeText({ max: PROMPT_NAME_MAX_LENGTH });
export const promptTextSchema = freeText({ max: PROMPT_TEXT_MAX_LENGTH });

export const promptSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  text: z.string(),
  /** Category key of a built-in prompt; null for custom prompts. */
  category: z.string().nullable(),
  custom: z.boolean(),
  language: promptLanguageSchema,
});
export type Prompt = z.infer<typeof promptSchema>;

/** Stable keys of the two groups every library has besides the catalogue's categories. */
export const RECENT_PROMPTS_GROUP = 'recent';
export const CUSTOM_PROMPTS_GROUP = 'custom';

export const promptGroupSchema = z.object({
  /** Stable: a catalogue category key, `recent` or `custom`. */
  key: z.string(),
  /** Localised: "Recientes", "Personalizados", or the category's name. */
  name: z.string(),
  prompts: z.array(promptSchema),
});
export type PromptGroup = z.infer<typeof promptGroupSchema>;

/** `GET /prompt/by-workspace/{id}?language=es|en`: Recientes first, then Personalizados, then categories. */
export const promptGroupsQuerySchema = z.strictObject({ language: promptLanguageSchema.default('es') });
export const promptGroupsResponseSchema = z.array(promptGroupSchema);
export type PromptGroupsResponse = z.infer<typeof promptGroupsResponseSchema>;

/** `POST /prompt/custom` → `{ id }`. A custom prompt belongs to a workspace and a language. */
export const createCustomPromptBodySchema = z.strictObject({
  id: clientIdSchema,
  workspaceId: z.uuid(),
  language: promptLanguageSchema,
  name: promptNameSchema,
  text: promptTextSchema,
});
export type CreateCustomPromptBody = z.infer<typeof createCustomPromptBodySchema>;
export const createCustomPromptResponseSchema = z.object({ id: z.uuid() });
export type CreateCustomPromptResponse = z.infer<typeof createCustomPromptResponseSchema>;

/** `PATCH /prompt/custom/{id}`: an edit replaces both name and text. */
export const updateCustomPromptBodySchema = z.strictObject({
  name: promptNameSchema,
  text: promptTextSchema,
});
export type UpdateCustomPromptBody = z.infer<typeof updateCustomPromptBodySchema>;
/** `PATCH /prompt/custom/{id}` → the edited prompt. Built-in prompts are read-only (403 FORBIDDEN). */
export const updateCustomPromptResponseSchema = promptSchema;
export type UpdateCustomPromptResponse = z.infer<typeof updateCustomPromptResponseSchema>;

/** `POST /prompt/{id}/use {workspaceId}` → 204: moves the prompt to the top of Recientes. */
export const recordPromptUseBodySchema = z.strictObject({ workspaceId: z.uuid() });

/** `{{name}}` with at least one visible character in the name: `{{ }}` is not a variable. */
const variablePattern = /\{\{\s*([^{}\s](?:[^{}]*[^{}\s])?)\s*\}\}/g;

/** The `{{variables}}` of a prompt text, each once, in order of first appearance. */
export function promptVariables(text: string): string[] {
  return [...new Set([...text.matchAll(variablePattern)].map((match) => match[1]!))];
}

/** The text with each `{{variable}}` replaced by its value; variables without a value stay as they are. */
export function fillPromptVariables(text: string, values: Record<string, string>): string {
  return text.replace(variablePattern, (whole, name: string) => {
    const value = values[name.trim()]?.trim();
    return value ? value : whole;
  });
}
