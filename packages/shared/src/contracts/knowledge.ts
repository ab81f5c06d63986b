import { z } from 'zod';
import { freeText } from '../rules/text.ts';

/**
 * The workspace's knowledge: files and web pages whose text is split into passages, searched for every
 * chat request that uses knowledge, and cited in the reply as [1], [2]…
 */

/** A file may be at most this large; it also counts in the workspace's storage quota. */
export const KNOWLEDGE_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const KNOWLEDGE_URL_MAX_LENGTH = 2048;
export const KNOWLEDGE_SEARCH_QUERY_MAX_LENGTH = 500;
export const KNOWLEDGE_SEARCH_DEFAULT_LIMIT = 5;
export const KNOWLEDGE_SEARCH_MAX_LIMIT = 20;

export const knowledgeKinds = ['file', 'url'] as const;
export const knowledgeStatuses = ['processing', 'ready', 'failed'] as const;
export type KnowledgeStatus = (typeof knowledgeStatuses)[number];

/** Why a source failed; the page words each one so the person knows what to do. */
export const knowledgeFailureReasons = [
  /** A scanned PDF or an empty file: nothing to index. */
  'NO_TEXT_FOUND',
  /** Not PDF, DOCX, TXT, Markdown or HTML. */
  'UNSUPPORTED_TYPE',
  /** The file is damaged or cannot be read as its type. */
  'UNREADABLE',
  /** The page answered with an error status. */
  'FETCH_FAILED',
  /** The address is private, loopback or link-local (also after a redirect). */
  'ADDRESS_NOT_ALLOWED',
  /** The page is larger than the limit. */
  'TOO_LARGE',
  /** The page took longer than the limit to answer. */
  'TIMEOUT',
  /** Too many redirects. */
  'TOO_MANY_REDIRECTS',
  /** The server stopped while processing and the retries ran out. */
  'INTERRUPTED',
  /** The passages would take the workspace past its storage quota. */
  'STORAGE_FULL',
] as const;
export type KnowledgeFailureReason = (typeof knowledgeFailureReasons)[number];

/** Where a passage sits in its source: a PDF's page, or the headings above it in a document or page. */
export const knowledgeLocatorSchema = z.object({
  page: z.number().int().positive().optional(),
  headings: z.array(z.string()).optional(),
});
export type KnowledgeLocator = z.infer<typeof knowledgeLocatorSchema>;

const knowledgePersonSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});

/** A source in `GET /workspace/{id}/knowledge`. */
export const knowledgeSourceSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  kind: z.enum(knowledgeKinds),
  /** The page's address, for a `url` source. */
  url: z.string().nullable(),
  status: z.enum(knowledgeStatuses),
  failureReason: z.enum(knowledgeFailureReasons).nullable(),
  passageCount: z.number().int().nonnegative(),
  /** Bytes the source takes (the file or the page's text, and its passages). */
  sizeBytes: z.number().int().nonnegative(),
  /** Who added it; null once that user is gone. */
  addedBy: knowledgePersonSchema.nullable(),
  createdAt: z.string(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

export const knowledgeListResponseSchema = z.object({
  sources: z.array(knowledgeSourceSchema),
  /** True while passages are being embedded again after the embedding model changed. */
  reindexing: z.boolean(),
});
export type KnowledgeListResponse = z.infer<typeof knowledgeListResponseSchema>;

/** `POST /workspace/{id}/knowledge` (multipart, field `file`) and `POST /workspace/{id}/knowledge/url`: 201. */
export const knowledgeCreatedSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(knowledgeStatuses),
});
export type KnowledgeCreated = z.infer<typeof knowledgeCreatedSchema>;

export const addKnowledgeUrlBodySchema = z.strictObject({
  url: freeText({ max: KNOWLEDGE_URL_MAX_LENGTH }),
});

/** `GET /workspace/{id}/knowledge/search?q=&limit=`. */
export const knowledgeSearchQuerySchema = z.strictObject({
  q: freeText({ max: KNOWLEDGE_SEARCH_QUERY_MAX_LENGTH }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(KNOWLEDGE_SEARCH_MAX_LIMIT)
    .default(KNOWLEDGE_SEARCH_DEFAULT_LIMIT),
});
export const knowledgePassageSchema = z.object({
  knowledgeId: z.uuid(),
  name: z.string(),
  locator: knowledgeLocatorSchema,
  text: z.string(),
  score: z.number(),
});
export type KnowledgePassage = z.infer<typeof knowledgePassageSchema>;
export const knowledgeSearchResponseSchema = z.object({ results: z.array(knowledgePassageSchema) });
export type KnowledgeSearchResponse = z.infer<typeof knowledgeSearchResponseSchema>;

/**
 * The chat stream's `sources` part: sent after `start` and before the first `text` when the reply
 * uses knowledge. The reply cites them as [n].
 */
export const knowledgeCitationSchema = z.object({
  n: z.number().int().positive(),
  knowledgeId: z.uuid(),
  name: z.string(),
  locator: knowledgeLocatorSchema,
  excerpt: z.string(),
});
export type KnowledgeCitation = z.infer<typeof knowledgeCitationSchema>;
export const chatStreamSourcesSchema = z.object({
  type: z.literal('sources'),
  sources: z.array(knowledgeCitationSchema),
});
