import { z } from 'zod';
import { apiKeyAuthorSchema, clientIdSchema } from './common.ts';
import { freeText } from '../rules/text.ts';
import { documentProblem } from './document-schema.ts';
import { PROJECT_NAME_MAX_LENGTH, projectSortKeys } from './project-limits.ts';

/** The document beside the chat, serialized as JSON, may take at most 1 MiB. */
export const DOCUMENT_MAX_BYTES = 1024 * 1024;

export const projectNameSchema = freeText({ max: PROJECT_NAME_MAX_LENGTH });

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  workspaceId: z.uuid(),
  folderId: z.uuid().nullable(),
  isShared: z.boolean(),
  /** Null once its creator deleted their account (the app shows "Former member"). */
  createdBy: z.uuid().nullable(),
  /** The API key of its creator's that made it (shown as "API · <key name>"); absent when they did. */
  createdByApiKey: apiKeyAuthorSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * `POST /workspace/{id}/project`: the body is optional; without a name the server picks "<date> Sin título"
 * or "<date> Untitled", in the language of the person creating it.
 */
/** Fastify hands an absent body over as null. */
export const createProjectBodySchema = z
  .strictObject({ id: clientIdSchema, name: projectNameSchema.optional() })
  .nullish();
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;
export const createProjectResponseSchema = z.object({ id: z.uuid() });
export type CreateProjectResponse = z.infer<typeof createProjectResponseSchema>;

export const renameProjectBodySchema = z.strictObject({ name: projectNameSchema });
export type RenameProjectBody = z.infer<typeof renameProjectBodySchema>;

/**
 * `share-to-workspace`: the state asked for (`isShared`), applied as many times as it is sent (a double
 * click, two people at once); without a body the route toggles, as it always has.
 */
export const shareProjectBodySchema = z.strictObject({ isShared: z.boolean() }).nullish();
export type ShareProjectBody = z.infer<typeof shareProjectBodySchema>;

export const shareProjectResponseSchema = z.object({ id: z.uuid(), isShared: z.boolean() });
export type ShareProjectResponse = z.infer<typeof shareProjectResponseSchema>;

/** `move-to-folder/{folderId}`: a folder id, or `none` to move the project back to the top level. */
export const moveProjectParamsSchema = z.strictObject({
  id: z.uuid(),
  folderId: z.union([z.uuid(), z.literal('none')]),
});

// ── Lists ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Sort and cursor pagination shared by every project list; `cursor` is the previous page's `nextCursor`
 * under the same sort and order. Any other cursor is refused with 400 CURSOR_INVALID.
 */
export const projectListQuerySchema = z.strictObject({
  sort: z.enum(projectSortKeys).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().min(1).max(1000).optional(),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const projectListResponseSchema = z.object({
  items: z.array(projectSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ProjectList = z.infer<typeof projectListResponseSchema>;

// ── Document ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Document content as the editor (TipTap) saves it: `{type: 'doc', content: [...nodes]}`, with only the
 * nodes, marks and attributes of the editor's schema (document-schema.ts).
 */
export const documentContentSchema = z
  .strictObject({
    type: z.literal('doc'),
    content: z.array(z.looseObject({ type: z.string() })),
  })
  .superRefine((value, ctx) => {
    const problem = documentProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type DocumentContent = z.infer<typeof documentContentSchema>;

/** What an empty editor saves; every new project starts with it. */
export const emptyDocumentContent: DocumentContent = { type: 'doc', content: [{ type: 'paragraph' }] };

/**
 * `PATCH /project/{id}/document`: the whole content, applied as one change to the live document, and
 * `updatedAt`, the time (as read) of the document the content was based on: when it changed since,
 * 409 DOCUMENT_CHANGED and nothing is applied.
 */
export const updateDocumentBodySchema = z.strictObject({
  content: documentContentSchema,
  updatedAt: z.iso.datetime({ offset: true }),
});
export type UpdateDocumentBody = z.infer<typeof updateDocumentBodySchema>;

/** Responses carry content as stored (validated on write), without re-walking it. */
const storedDocumentContentSchema = z.looseObject({ type: z.string(), content: z.array(z.unknown()) });
/** The live content, and the time of its last change (ISO): what a PATCH passes back as `updatedAt`. */
export const documentResponseSchema = z.object({
  content: storedDocumentContentSchema,
  updatedAt: z.string(),
});
export type DocumentResponse = z.infer<typeof documentResponseSchema>;
/** A change answers the document's new time: the editor already holds the content it sent. */
export const updateDocumentResponseSchema = z.object({ updatedAt: z.string() });
export type UpdateDocumentResponse = z.infer<typeof updateDocumentResponseSchema>;
