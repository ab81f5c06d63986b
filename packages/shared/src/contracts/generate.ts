import { z } from 'zod';
import { freeText } from '../rules/text.ts';
import { CHAT_MESSAGE_MAX_LENGTH, MAX_REPLY_VARIANTS } from './chat-limits.ts';
import { chatStreamErrorSchema, chatStreamTextSchema } from './chat.ts';
import { chatStreamSourcesSchema, knowledgeCitationSchema } from './knowledge.ts';
import { templateInputsSchema } from './templates.ts';
import { outputLanguageSchema, replyLengthSchema, writingToneSchema } from './writing-controls.ts';

/**
 * `POST /workspace/{id}/generate`: copy written for a program, saved nowhere. The request is either a
 * `prompt` as typed or a `template` (built-in or the workspace's) with its inputs, never both; the
 * rest is what the chat's composer offers: a brand voice, the workspace's knowledge, tone, length,
 * language and several versions at once.
 */
export const generateBodySchema = z
  .strictObject({
    prompt: freeText({ max: CHAT_MESSAGE_MAX_LENGTH }).optional(),
    template: z.strictObject({ id: z.uuid(), inputs: templateInputsSchema }).optional(),
    /** Write in this brand voice of the workspace; without it, the workspace's default voice. */
    brandVoiceId: z.uuid().optional(),
    /** Answer from the workspace's knowledge, cited as [n] (default: on when it has a ready source). */
    useKnowledge: z.boolean().optional(),
    tone: writingToneSchema.optional(),
    length: replyLengthSchema.optional(),
    language: outputLanguageSchema.optional(),
    /** How many versions to write (1 when absent), each worded differently. */
    variants: z.number().int().min(1).max(MAX_REPLY_VARIANTS).optional(),
  })
  .refine((body) => (body.prompt === undefined) !== (body.template === undefined), {
    message: 'Give either a prompt or a template, not both',
  });
export type GenerateBody = z.infer<typeof generateBodySchema>;

/** One version of the copy. */
export const generatedOutputSchema = z.object({
  text: z.string(),
  /** Its words: what it was charged. */
  words: z.number().int().nonnegative(),
  /** A template with output parts: the text of each part by its key (absent otherwise). */
  parts: z.record(z.string(), z.string()).optional(),
});
export type GeneratedOutput = z.infer<typeof generatedOutputSchema>;

/** The JSON answer, and the stream's `finish` part without its type. */
export const generateResponseSchema = z.object({
  /** One per version asked for (fewer when the words left are fewer than the versions). */
  outputs: z.array(generatedOutputSchema),
  /** The words charged for all of them. */
  words: z.number().int().nonnegative(),
  /** The knowledge passages the copy was given and may cite as [n]. */
  citations: z.array(knowledgeCitationSchema),
  /** Words left this month; null when the plan is unlimited. */
  remaining: z.number().int().nonnegative().nullable(),
  /** Display name of the model that wrote it. */
  model: z.string(),
  /** True when the offline demo writer wrote it (no provider configured): sample text, not AI. */
  demo: z.boolean(),
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

/**
 * The stream (`Accept: application/x-ndjson`): one `start`, one `sources` when knowledge is cited,
 * `text` parts (with `variant` when several versions were asked for) to append in order, then
 * exactly one of `finish` (the whole answer, as the JSON one), `error` or `aborted` (the server
 * stopped it). `error` and `aborted` charge the words already sent.
 */
export const generateStreamStartSchema = z.object({
  type: z.literal('start'),
  model: z.string(),
  demo: z.boolean(),
  /** How many versions stream, when more than one. */
  variants: z.number().int().min(2).max(MAX_REPLY_VARIANTS).optional(),
});
export const generateStreamFinishSchema = generateResponseSchema.extend({ type: z.literal('finish') });
export const generateStreamErrorSchema = chatStreamErrorSchema
  .omit({ messageId: true, variant: true })
  .extend({ type: z.literal('error') });
export const generateStreamAbortedSchema = z.object({
  type: z.literal('aborted'),
  wordsCharged: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative().nullable(),
});
export const generateStreamPartSchema = z.discriminatedUnion('type', [
  generateStreamStartSchema,
  chatStreamSourcesSchema,
  chatStreamTextSchema,
  generateStreamFinishSchema,
  generateStreamErrorSchema,
  generateStreamAbortedSchema,
]);
export type GenerateStreamPart = z.infer<typeof generateStreamPartSchema>;
