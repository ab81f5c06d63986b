import { z } from 'zod';
import { ranTemplateSchema, readNdjson } from './chat.ts';
import { apiKeyAuthorSchema } from './common.ts';
import { knowledgeCitationSchema } from './knowledge.ts';

/**
 * A reply in progress in a project's conversation, as everyone who has the project open sees it: the
 * request that asked for it (with who sent it), the knowledge it cites and the reply's text so far.
 */
export const liveReplySchema = z.object({
  /** The request's user entry (saved before the reply starts); a regenerated reply answers it again. */
  userEntryId: z.uuid(),
  sender: z.object({ id: z.uuid(), name: z.string() }),
  /** The request came through this API key of the sender's (shown as "API · <key name>"). */
  apiKey: apiKeyAuthorSchema.optional(),
  /** The request's text. */
  message: z.string(),
  /** The reply regenerates the request's earlier reply (it takes that reply's place when saved). */
  regenerate: z.boolean(),
  /** The project's new name, when this request (the project's first message) named it. */
  projectName: z.string().optional(),
  /** The template the request ran: the reply is written in its output parts. */
  template: ranTemplateSchema.optional(),
  /** The reply's text so far. */
  text: z.string(),
  /**
   * The knowledge passages the reply cites as [n], when it uses knowledge and they are known already
   * (otherwise a `sources` part brings them before the text that cites them).
   */
  sources: z.array(knowledgeCitationSchema).optional(),
  /** Which version of the reply this is, when the request asked for several (0-based). */
  variant: z.number().int().nonnegative().optional(),
});
export type LiveReply = z.infer<typeof liveReplySchema>;

/**
 * `GET /project/{id}/conversation/live`: the project's conversation as it happens, as
 * `application/x-ndjson` (one part per line) for as long as the client keeps it open and may see the
 * project. First `replies` (every reply in progress with its sources and text so far), then in any order:
 * `request` when someone's request starts a reply, `sources` when a reply that uses knowledge names the
 * passages it cites (before its text, at most once per reply or version, never when the reply already
 * carries them), `text` as the reply grows (append in `seq` order), `end` when the reply is saved (read
 * the conversation again for it), `edited` when someone saved a reply's style fixes or ignored
 * findings (its new text and findings: show them wherever the reply is), `ping` now and then. When the user can no longer see the project the
 * stream ends with `closed`.
 */
export const liveConversationPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('replies'), replies: z.array(liveReplySchema) }),
  z.object({ type: z.literal('request'), reply: liveReplySchema }),
  z.object({
    type: z.literal('sources'),
    userEntryId: z.uuid(),
    /** What the reply cites as [n]; versions written side by side cite the same passages. */
    sources: z.array(knowledgeCitationSchema),
    variant: z.number().int().nonnegative().optional(),
  }),
  z.object({
    type: z.literal('text'),
    userEntryId: z.uuid(),
    /** The piece's place in the reply (0, 1, 2…); the pieces sent after `replies` continue its text. */
    seq: z.number().int().nonnegative(),
    text: z.string(),
    variant: z.number().int().nonnegative().optional(),
  }),
  z.object({
    type: z.literal('end'),
    userEntryId: z.uuid(),
    /** The saved reply; null when none was saved (the model failed before its first word). */
    messageId: z.uuid().nullable(),
    variant: z.number().int().nonnegative().optional(),
  }),
  z.object({
    type: z.literal('edited'),
    /** The saved reply (one version of it) whose text or ignored findings changed. */
    entryId: z.uuid(),
    content: z.string(),
    ignoredFindings: z.array(z.string()),
  }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('closed'), reason: z.literal('access') }),
]);
export type LiveConversationPart = z.infer<typeof liveConversationPartSchema>;

/**
 * `POST /project/{id}/conversation/stop`: stops the replies the user asked for in this project that are
 * still being written (the sender's Stop button, from any of their tabs). The partial reply is saved as
 * stopped and only its words are charged. Closing the chat stream's connection does not stop a reply:
 * it goes on, and a reload or another tab follows it through the live conversation.
 */
export const stopRepliesBodySchema = z.strictObject({});

/** Reads the live conversation's body part by part. */
export function readLiveConversation(body: ReadableStream<Uint8Array>): AsyncGenerator<LiveConversationPart> {
  return readNdjson(body, liveConversationPartSchema);
}
