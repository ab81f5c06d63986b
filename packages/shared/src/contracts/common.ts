import { z } from 'zod';

export const idSchema = z.uuid();
export const idParamsSchema = z.strictObject({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const isoDateSchema = z.iso.datetime();

/**
 * The id a client chooses for something it creates, so a create sent twice (a double click, a retry
 * after a lost answer) makes one thing: the repeat is answered with what the first one made.
 */
export const clientIdSchema = idSchema
  .optional()
  .describe('Optional id chosen by the client; sending the same create again answers the same thing');

/** The API key something was made with: what the app shows as its author, "API · <key name>". */
export const apiKeyAuthorSchema = z.object({ id: z.uuid(), name: z.string() });
export type ApiKeyAuthor = z.infer<typeof apiKeyAuthorSchema>;
