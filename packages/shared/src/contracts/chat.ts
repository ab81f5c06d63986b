import { z } from 'zod';
import { freeText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../rules/text.ts';
import { chatStreamSourcesSchema, knowledgeCitationSchema } from './knowledge.ts';
import { outputLanguageSchema, replyLengthSchema, writingToneSchema } from './writing-controls.ts';
import { apiKeyAuthorSchema, idSchema } from './common.ts';
import { templateInputsSchema, templateOutputSchema } from './templates.ts';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  IGNORED_FINDING_KEY_MAX_LENGTH,
  IGNORED_FINDINGS_MAX,
  MAX_REPLY_VARIANTS,
  REPLY_CONTENT_MAX_LENGTH,
} from './chat-limits.ts';

/** Which version of a reply a stream part belongs to (0-based); absent when one version was asked for. */
const variantField = {
  variant: z
    .number()
    .int()
    .min(0)
    .max(MAX_REPLY_VARIANTS - 1)
    .optional(),
};

/** What both kinds of chat request carry. */
const chatRequestFields = {
  workspaceId: z.uuid(),
  projectId: z.uuid(),
  /** Write in this brand voice (the composer's choice at the time of the request). */
  brandVoiceId: z.uuid().optional(),
  /** The composer's writing controls, as structured fields the prompt builder reads. */
  tone: writingToneSchema.optional(),
  /** The reply's length, within REPLY_LENGTH_WORDS[length]. */
  length: replyLengthSchema.optional(),
  /** Write the reply in this language (else the workspace's, unless the message asks for another). */
  language: outputLanguageSchema.optional(),
  /**
   * How many versions of the reply to write at once (1 when absent). They stream side by side, each
   * part naming its `variant`, and are saved as versions of one reply. The reservation covers all of
   * them before any starts: the words it gets are shared equally among the versions.
   */
  variants: z.number().int().min(1).max(MAX_REPLY_VARIANTS).optional(),
  /**
   * Answer from the workspace's knowledge: its best passages for the message go to the model, which
   * cites them as [1], [2]… Default: on when the workspace has a ready source.
   */
  useKnowledge: z.boolean().optional(),
};

/** `POST /chat/send-request-stream` with a new message: it is saved as the user's entry. */
export const newChatMessageBodySchema = z.strictObject({
  ...chatRequestFields,
  message: freeText({ max: CHAT_MESSAGE_MAX_LENGTH }),
  promptId: z.uuid().optional(),
  /**
   * The request wants current facts from the web: set it when the user starts from a real-time
   * search starter or prompt. The server also turns live search on by itself for messages that
   * plainly ask for current facts (news, today's prices, who won…). With a search backend the
   * model gets a web_search tool and the reply cites its sources; without one the reply opens by
   * saying live search is not connected.
   */
  liveSearch: z.boolean().optional(),
  /**
   * A template run from the composer: the server renders the template's prompt with these inputs
   * (each checked against its field: 400 VALIDATION_FAILED naming it) and saves that rendering as the
   * message, in place of `message` (the composer's own rendering, as the user saw it); the reply is
   * written in the template's output parts. The request's entry keeps the template as it ran (its
   * `template`). A template that is neither built-in nor the workspace's is 404.
   */
  template: z.strictObject({ id: z.uuid(), inputs: templateInputsSchema }).optional(),
});
export type NewChatMessageBody = z.infer<typeof newChatMessageBodySchema>;

/**
 * `POST /chat/send-request-stream` regenerating the conversation's last reply (`entryId`, any version
 * of it): its request is answered again as it was sent (text, library prompt, live search, the parts
 * of the template it ran, as they were then) and no new user entry is saved. The new reply becomes the
 * shown version; the earlier ones stay as versions. A reply that is not the last one is 409 CONFLICT.
 */
export const regenerateReplyBodySchema = z.strictObject({
  ...chatRequestFields,
  regenerate: z.strictObject({ entryId: z.uuid() }),
});
export type RegenerateReplyBody = z.infer<typeof regenerateReplyBodySchema>;

export const sendChatRequestBodySchema = z.union([newChatMessageBodySchema, regenerateReplyBodySchema]);
export type SendChatRequestBody = z.infer<typeof sendChatRequestBodySchema>;

/**
 * The chat stream: `application/x-ndjson`, one JSON object per line, in this order:
 * one `start`, one `sources` when the reply uses knowledge, any number of `text` (append `text` as it
 * comes), then exactly one `finish`, `error` or `aborted` (the reply was stopped).
 * With `variants` > 1 every `text`, `finish`, `error` and `aborted` names its `variant`, the versions'
 * parts interleave, and each version ends with its own last part (the stream ends after the last).
 * A failure before the first token is not streamed: it is an ordinary error response
 * (403 NO_WORDS_LEFT, 404, 409 CONFLICT, 502 AI_PROVIDER_ERROR, 504 AI_TIMEOUT) with the usual error body.
 */
export const chatStreamStartSchema = z.object({
  type: z.literal('start'),
  /** The request's user entry: saved now, or, when regenerating, the one the reply answers again. */
  userEntryId: z.uuid(),
  /** Display name of the model answering. */
  model: z.string(),
  /** True when the offline demo writer answers (no provider configured). */
  demo: z.boolean(),
  /** The project's new name, when this request (its first message) named it. */
  projectName: z.string().optional(),
  /** How many versions stream (several asked for; fewer when the words left are fewer than versions). */
  variants: z.number().int().min(2).max(MAX_REPLY_VARIANTS).optional(),
});
export const chatStreamTextSchema = z.object({ type: z.literal('text'), text: z.string(), ...variantField });
export const chatStreamFinishSchema = z.object({
  type: z.literal('finish'),
  ...variantField,
  /** The saved assistant entry. */
  messageId: z.uuid(),
  wordsCharged: z.number().int().nonnegative(),
  /** Words left this month; null when the plan is unlimited. */
  remaining: z.number().int().nonnegative().nullable(),
});
export const chatStreamErrorSchema = z.object({
  type: z.literal('error'),
  ...variantField,
  code: z.enum(['AI_PROVIDER_ERROR', 'AI_TIMEOUT']),
  message: z.string(),
  /**
   * The partial reply saved with status `failed` (its words are charged); null only for a version
   * that failed before its first word while another version was already streaming (nothing saved).
   */
  messageId: z.uuid().nullable(),
  wordsCharged: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative().nullable(),
});
/**
 * A reply stopped before its end (`POST /project/{id}/conversation/stop`, or a stopping server): the
 * text so far is kept and only its words are charged. With `variants` each version ends with its own.
 */
export const chatStreamAbortedSchema = z.object({
  type: z.literal('aborted'),
  ...variantField,
  /** The partial reply saved with status `aborted`; null when it was stopped before its first word. */
  messageId: z.uuid().nullable(),
  wordsCharged: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative().nullable(),
});
export const chatStreamPartSchema = z.discriminatedUnion('type', [
  chatStreamStartSchema,
  chatStreamSourcesSchema,
  chatStreamTextSchema,
  chatStreamFinishSchema,
  chatStreamErrorSchema,
  chatStreamAbortedSchema,
]);
export type ChatStreamPart = z.infer<typeof chatStreamPartSchema>;
export const CHAT_STREAM_CONTENT_TYPE = 'application/x-ndjson';

/** `POST /chat/improve`. */
export const improvePromptBodySchema = z.strictObject({
  workspaceId: z.uuid(),
  text: freeText({ max: CHAT_MESSAGE_MAX_LENGTH }),
});
export const improvePromptResponseSchema = z.object({
  text: z.string(),
  wordsCharged: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative().nullable(),
});
export type ImprovePromptResponse = z.infer<typeof improvePromptResponseSchema>;

export const entryStatuses = ['complete', 'aborted', 'failed'] as const;
export const reactionValues = ['up', 'down'] as const;
export type ReactionValue = (typeof reactionValues)[number];

/** One version of a reply. */
export const replyVersionSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  /** `aborted`: the user stopped it; `failed`: the provider failed mid-way. Either keeps the partial text. */
  status: z.enum(entryStatuses),
  /** Model id of a reply; null for the user's entries. */
  model: z.string().nullable(),
  /** The offline demo writer wrote it (no AI provider was configured): sample text, not AI. */
  demo: z.boolean(),
  wordsCharged: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** The current user's 👍/👎 on a reply. */
  reaction: z.enum(reactionValues).nullable(),
  /** The knowledge passages a reply cites as [n]; absent when it used none (and for the user's entries). */
  sources: z.array(knowledgeCitationSchema).optional(),
  /**
   * The style findings someone ignored on this version of the reply, by their key (ignoreKey): hidden
   * for everyone. Absent when none was.
   */
  ignoredFindings: z.array(z.string()).optional(),
});
export type ReplyVersion = z.infer<typeof replyVersionSchema>;

/**
 * The template a request ran, as it was when it ran (a later edit or deletion of the template changes
 * nothing here): its reply is written in `output`'s parts, absent for a template without parts.
 */
export const ranTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  output: templateOutputSchema.optional(),
});
export type RanTemplate = z.infer<typeof ranTemplateSchema>;

/**
 * One entry of the conversation as `GET /project/{id}/conversation` shows it: a request, or the
 * shown version of its reply. A reply's own fields are its shown version's.
 */
export const conversationEntrySchema = replyVersionSchema.extend({
  role: z.enum(['user', 'assistant']),
  /**
   * Who sent a request (a shared project's conversation has several people); null for a reply.
   * `apiKey`: the request came through that API key of theirs (shown as "API · <key name>").
   */
  author: z.object({ id: z.uuid(), name: z.string(), apiKey: apiKeyAuthorSchema.optional() }).nullable(),
  /** A request whose sender has since deleted their account (the app shows "Former member"). */
  formerMember: z.boolean().optional(),
  /** How a request was sent, so Regenerate sends it the same way: from a library prompt, with live search. */
  promptId: z.uuid().nullable(),
  liveSearch: z.boolean(),
  /** The template a request ran (its reply's parts); absent for a typed request and for a reply. */
  template: ranTemplateSchema.optional(),
  /**
   * Every version of a reply, oldest first, when Regenerate has made more than one (the shown one is
   * among them); empty otherwise and for the user's entries.
   */
  versions: z.array(replyVersionSchema),
});
export type ConversationEntry = z.infer<typeof conversationEntrySchema>;

export const CONVERSATION_PAGE_DEFAULT_LIMIT = 50;
export const CONVERSATION_PAGE_MAX_LIMIT = 100;

/**
 * `GET /project/{id}/conversation?before=&limit=`: the conversation is read a page at a time, newest
 * page first. Without `before` it is the newest page; with the previous page's `nextCursor` as
 * `before`, the page just older than it. A page holds at most `limit` entries and never splits an
 * exchange: a request and its reply (with all its versions) are always on the same page. The cursor
 * names a point in the conversation, so entries added after it was given out never shift the older
 * pages. A cursor this route did not give out is 400 CURSOR_INVALID.
 */
export const conversationPageQuerySchema = z.strictObject({
  before: z.string().min(1).max(1000).optional(),
  /** At least 2: a request and its reply fit on one page. */
  limit: z.coerce
    .number()
    .int()
    .min(2)
    .max(CONVERSATION_PAGE_MAX_LIMIT)
    .default(CONVERSATION_PAGE_DEFAULT_LIMIT),
});
export type ConversationPageQuery = z.infer<typeof conversationPageQuerySchema>;

/** One page of the conversation: its entries oldest first, each request followed by its reply. */
export const conversationPageSchema = z.object({
  projectId: z.uuid(),
  entries: z.array(conversationEntrySchema),
  /** Older entries exist: ask for them with `before: nextCursor`. */
  hasMore: z.boolean(),
  /** The `before` of the next older page; null on the oldest page. */
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/**
 * `PATCH /project/{id}/conversation/shown-version`: show this version of a reply (any reply of the
 * project). The shown version is the one the model's history holds from then on.
 */
export const showReplyVersionBodySchema = z.strictObject({ entryId: z.uuid() });
export const showReplyVersionResponseSchema = z.object({ entryId: z.uuid() });
export type ShowReplyVersionResponse = z.infer<typeof showReplyVersionResponseSchema>;

/** A style finding's key (ignoreKey): its rule and the words found. */
const ignoredFindingSchema = z
  .string()
  .min(1)
  .max(IGNORED_FINDING_KEY_MAX_LENGTH)
  .refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });

/** `PATCH /project/{id}/conversation/entry/{entryId}`: entryId is a reply's version (the one shown). */
export const editReplyParamsSchema = z.strictObject({ id: idSchema, entryId: idSchema });
/**
 * What the chat's style fixes change in a saved reply: its text ("Corregir", "Corregir todo"), given
 * whole, and findings ignored on it ("Ignorar"), which join those already ignored (an ignore is never
 * taken back, so two people ignoring at once both keep theirs). At least one of them.
 */
export const editReplyBodySchema = z
  .strictObject({
    content: freeText({ max: REPLY_CONTENT_MAX_LENGTH }).optional(),
    ignoredFindings: z.array(ignoredFindingSchema).max(IGNORED_FINDINGS_MAX).optional(),
  })
  .refine((body) => body.content !== undefined || body.ignoredFindings !== undefined, {
    message: 'Give the content, the ignored findings or both',
  });
export type EditReplyBody = z.infer<typeof editReplyBodySchema>;
/** The reply as saved: its text and every finding ignored on it. */
export const editedReplySchema = z.object({
  entryId: z.uuid(),
  content: z.string(),
  ignoredFindings: z.array(z.string()),
});
export type EditedReply = z.infer<typeof editedReplySchema>;

/** `PATCH /workspace/{id}/add-reaction/{reactionId}`: reactionId is the reply's entry id; null clears. */
export const reactionParamsSchema = z.strictObject({ id: z.uuid(), reactionId: z.uuid() });
export const reactionBodySchema = z.strictObject({ value: z.enum(reactionValues).nullable() });
export const reactionResponseSchema = z.object({
  entryId: z.uuid(),
  value: z.enum(reactionValues).nullable(),
});
export type ReactionResponse = z.infer<typeof reactionResponseSchema>;

/** `PATCH /workspace/gpt-4/enable|disable`. */
export const premiumModelToggleBodySchema = z.strictObject({ workspaceId: z.uuid() });
/** `GET /workspace/{id}/gpt-4/status` and the answer of enable/disable. */
export const premiumModelStatusSchema = z.object({
  isGpt4TurnedOn: z.boolean(),
  /** Whether the workspace's plan allows the premium model (paid plans only). */
  available: z.boolean(),
  /** Display name of the premium model. */
  modelLabel: z.string(),
  /** Display name of the model chat uses now in this workspace. */
  activeModelLabel: z.string(),
  /** True when no provider is configured and the offline demo writer answers. */
  demo: z.boolean(),
  /** True when the demo writer answers on a development server: the owner may see how to connect a model. */
  setupHelp: z.boolean(),
});
export type PremiumModelStatus = z.infer<typeof premiumModelStatusSchema>;

/**
 * Reads an NDJSON body part by part, whatever the network's chunking (a line may arrive in pieces,
 * several lines in one), each line checked with `schema`. Browser and Node alike. Unknown or malformed
 * lines throw.
 */
export async function* readNdjson<T>(
  body: ReadableStream<Uint8Array>,
  schema: z.ZodType<T>,
): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (true) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) yield schema.parse(JSON.parse(line));
      }
      if (done) break;
    }
    if (buffer.trim()) yield schema.parse(JSON.parse(buffer));
  } finally {
    reader.releaseLock();
  }
}

/** Reads a chat stream body part by part (readNdjson with the chat stream's parts). */
export function readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamPart> {
  return readNdjson(body, chatStreamPartSchema);
}
