import { z } from 'zod';

export const CHAT_MESSAGE_MAX_LENGTH = 8000;

/** `POST /chat/send-request-stream`. */
export const sendChatRequestBodySchema = z.strictObject({
  workspaceId: z.uuid(),
  projectId: z.uuid(),
  message: z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH),
  brandVoiceId: z.uuid().optional(),
  promptId: z.uuid().optional(),
  /**
   * The request wants current facts from the web: set it when the user starts from a real-time
   * search starter or prompt. The server also turns live search on by itself for messages that
   * plainly ask for current facts (news, today's prices, who won…). With a search backend the
   * model gets a web_search tool and the reply cites its sources; without one the reply opens by
   * saying live search is not connected.
   */
  liveSearch: z.boolean().optional(),
});
export type SendChatRequestBody = z.infer<typeof sendChatRequestBodySchema>;

/**
 * The chat stream: `application/x-ndjson`, one JSON object per line, in this order:
 * one `start`, any number of `text` (append `text` as it comes), then exactly one `finish` or `error`.
 * A failure before the first token is not streamed: it is an ordinary error response
 * (403 NO_WORDS_LEFT, 404, 502 AI_PROVIDER_ERROR, 504 AI_TIMEOUT) with the usual error body.
 */
export const chatStreamStartSchema = z.object({
  type: z.literal('start'),
  /** The saved user entry. */
  userEntryId: z.uuid(),
  /** Display name of the model answering. */
  model: z.string(),
  /** True when the offline demo writer answers (no provider configured). */
  demo: z.boolean(),
});
export const chatStreamTextSchema = z.object({ type: z.literal('text'), text: z.string() });
export const chatStreamFinishSchema = z.object({
  type: z.literal('finish'),
  /** The saved assistant entry. */
  messageId: z.uuid(),
  wordsCharged: z.number().int().nonnegative(),
  /** Words left this month; null when the plan is unlimited. */
  remaining: z.number().int().nonnegative().nullable(),
});
export const chatStreamErrorSchema = z.object({
  type: z.literal('error'),
  code: z.enum(['AI_PROVIDER_ERROR', 'AI_TIMEOUT']),
  message: z.string(),
  /** The partial reply saved with status `failed` (its words are charged). */
  messageId: z.uuid(),
  wordsCharged: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative().nullable(),
});
export const chatStreamPartSchema = z.discriminatedUnion('type', [
  chatStreamStartSchema,
  chatStreamTextSchema,
  chatStreamFinishSchema,
  chatStreamErrorSchema,
]);
export type ChatStreamPart = z.infer<typeof chatStreamPartSchema>;
export const CHAT_STREAM_CONTENT_TYPE = 'application/x-ndjson';

/** `POST /chat/improve`. */
export const improvePromptBodySchema = z.strictObject({
  workspaceId: z.uuid(),
  text: z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH),
});
export const improvePromptResponseSchema = z.object({
  text: z.string(),
  wordsCharged: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative().nullable(),
});

export const entryStatuses = ['complete', 'aborted', 'failed'] as const;
export const reactionValues = ['up', 'down'] as const;
export type ReactionValue = (typeof reactionValues)[number];

/** `GET /project/{id}/conversation`: entries oldest first. */
export const conversationEntrySchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** `aborted`: the user stopped it; `failed`: the provider failed mid-way. Either keeps the partial text. */
  status: z.enum(entryStatuses),
  /** Model id of a reply; null for the user's entries. */
  model: z.string().nullable(),
  wordsCharged: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** The current user's 👍/👎 on a reply. */
  reaction: z.enum(reactionValues).nullable(),
  /** How a request was sent, so Regenerate sends it the same way: from a library prompt, with live search. */
  promptId: z.uuid().nullable(),
  liveSearch: z.boolean(),
});
export type ConversationEntry = z.infer<typeof conversationEntrySchema>;
export const conversationResponseSchema = z.object({
  projectId: z.uuid(),
  entries: z.array(conversationEntrySchema),
});

/** `PATCH /workspace/{id}/add-reaction/{reactionId}`: reactionId is the reply's entry id; null clears. */
export const reactionParamsSchema = z.strictObject({ id: z.uuid(), reactionId: z.uuid() });
export const reactionBodySchema = z.strictObject({ value: z.enum(reactionValues).nullable() });
export const reactionResponseSchema = z.object({
  entryId: z.uuid(),
  value: z.enum(reactionValues).nullable(),
});

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
 * Reads a chat stream body part by part, whatever the network's chunking (a line may arrive in
 * pieces, several lines in one). Browser and Node alike. Unknown or malformed lines throw.
 */
export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamPart> {
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
        if (line) yield chatStreamPartSchema.parse(JSON.parse(line));
      }
      if (done) break;
    }
    if (buffer.trim()) yield chatStreamPartSchema.parse(JSON.parse(buffer));
  } finally {
    reader.releaseLock();
  }
}
