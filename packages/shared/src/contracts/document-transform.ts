import { z } from 'zod';
import { freeText } from '../rules/text.ts';
import { STYLE_TERM_MAX_LENGTH } from './style-rules.ts';
import { readNdjson } from './chat.ts';
import { outputLanguageSchema, writingToneSchema } from './writing-controls.ts';

/** The most characters of selected text one transform works on (a long section, not a whole document). */
export const TRANSFORM_TEXT_MAX_LENGTH = 8000;
/** The most characters of a free instruction ("Pedir…"). */
export const TRANSFORM_INSTRUCTION_MAX_LENGTH = 500;

/**
 * What the document's AI actions do to a selection: rewrite it, make it shorter or longer, change its
 * tone, translate it, correct its spelling and grammar, follow a free instruction, or rewrite it
 * without a phrase the workspace's style rules ban (the style checker's fix for a banned phrase).
 */
export const transformActions = [
  'rewrite',
  'shorten',
  'lengthen',
  'tone',
  'translate',
  'correct',
  'custom',
  'avoid',
] as const;
export type TransformAction = (typeof transformActions)[number];

const transformFields = {
  workspaceId: z.uuid(),
  projectId: z.uuid(),
  /** Write in this brand voice (the active one in the interface at the time of the request). */
  brandVoiceId: z.uuid().optional(),
  text: freeText({ max: TRANSFORM_TEXT_MAX_LENGTH }),
  /** The selection runs to the document's end: only there may a transform add a closing line. */
  reachesEnd: z.boolean().optional(),
};

/**
 * `POST /document/transform`: the selected text and what to do with it. Each action carries exactly
 * the field it needs: `tone` the tone, `translate` the language, `custom` the instruction, `avoid` the
 * banned phrase (as long as a style rule's term may be).
 */
export const transformBodySchema = z.discriminatedUnion('action', [
  z.strictObject({
    ...transformFields,
    action: z.enum(['rewrite', 'shorten', 'lengthen', 'correct']),
  }),
  z.strictObject({ ...transformFields, action: z.literal('tone'), tone: writingToneSchema }),
  z.strictObject({ ...transformFields, action: z.literal('translate'), language: outputLanguageSchema }),
  z.strictObject({
    ...transformFields,
    action: z.literal('custom'),
    instruction: freeText({ max: TRANSFORM_INSTRUCTION_MAX_LENGTH }),
  }),
  z.strictObject({
    ...transformFields,
    action: z.literal('avoid'),
    phrase: freeText({ max: STYLE_TERM_MAX_LENGTH }),
  }),
]);
export type TransformBody = z.infer<typeof transformBodySchema>;
// Where the selection ends travels with the action: the prompt builder and the demo writer read it.
type TransformFields = Exclude<keyof typeof transformFields, 'reachesEnd'>;
/** A transform as the prompt builder and the demo writer read it: the action with its one setting. */
export type TransformRequest = TransformBody extends infer Body
  ? Body extends unknown
    ? Omit<Body, TransformFields>
    : never
  : never;

/**
 * The transform's stream, `application/x-ndjson` like the chat's: one `start`, any number of `text`
 * (append them in order), then exactly one `finish`, `error` or `aborted` (a stopping server stopped
 * it; the client's own Stop closes the connection, which then reads no more). Nothing is saved in the project: the
 * result is the client's to accept into the document or discard. A failure before the first token is an
 * ordinary error response (403 NO_WORDS_LEFT, 404, 429 REPLIES_IN_PROGRESS, 502 AI_PROVIDER_ERROR,
 * 504 AI_TIMEOUT).
 */
export const transformStreamPartSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    /** Display name of the model answering. */
    model: z.string(),
    /** True when the offline demo writer answers (no provider configured). */
    demo: z.boolean(),
  }),
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('finish'),
    wordsCharged: z.number().int().nonnegative(),
    /** Words left this month; null when the plan is unlimited. */
    remaining: z.number().int().nonnegative().nullable(),
  }),
  z.object({
    type: z.literal('error'),
    code: z.enum(['AI_PROVIDER_ERROR', 'AI_TIMEOUT']),
    message: z.string(),
    /** The words of the partial result that arrived, which are charged. */
    wordsCharged: z.number().int().nonnegative(),
    remaining: z.number().int().nonnegative().nullable(),
  }),
  z.object({
    type: z.literal('aborted'),
    /** The words of the partial result that arrived, which are charged. */
    wordsCharged: z.number().int().nonnegative(),
    remaining: z.number().int().nonnegative().nullable(),
  }),
]);
export type TransformStreamPart = z.infer<typeof transformStreamPartSchema>;

/** Reads a transform stream body part by part (readNdjson with the transform's parts). */
export function readTransformStream(body: ReadableStream<Uint8Array>): AsyncGenerator<TransformStreamPart> {
  return readNdjson(body, transformStreamPartSchema);
}
