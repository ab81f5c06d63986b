import { z } from 'zod';
import { freeText } from '../rules/text.ts';
import { apiKeyAuthorSchema } from './common.ts';
import { documentResponseSchema } from './projects.ts';

/** A version's optional name ("Save version"): the shared text rule, as long as a project's name may be. */
export const DOCUMENT_VERSION_NAME_MAX_LENGTH = 120;
/** Versions without a name kept per document (automatic, before a restore, saved unnamed); named ones are all kept. */
export const DOCUMENT_UNNAMED_VERSIONS_KEPT = 100;

/**
 * Why a version was taken: `auto` after a stretch of editing, `manual` by "Save version", and
 * `before-restore` the document as it was just before a restore (restoring it undoes the restore).
 */
export const documentVersionKinds = ['auto', 'manual', 'before-restore'] as const;
export type DocumentVersionKind = (typeof documentVersionKinds)[number];

export const documentVersionParamsSchema = z.strictObject({ id: z.uuid(), versionId: z.uuid() });
export type DocumentVersionParams = z.infer<typeof documentVersionParamsSchema>;

/** `POST /project/{id}/document/versions`: an optional name; an absent body is `null` to Fastify. */
export const saveDocumentVersionBodySchema = z
  .strictObject({ name: freeText({ max: DOCUMENT_VERSION_NAME_MAX_LENGTH }).optional() })
  .nullish();
export type SaveDocumentVersionBody = z.infer<typeof saveDocumentVersionBodySchema>;

/** Someone who edited a version (or saved it); a deleted account is left out of the list. */
export const documentVersionAuthorSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});
export type DocumentVersionAuthor = z.infer<typeof documentVersionAuthorSchema>;

export const documentVersionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(documentVersionKinds),
  name: z.string().nullable(),
  createdAt: z.string(),
  /** Who saved it (null for one the server took by itself, or whose account is gone). */
  createdBy: documentVersionAuthorSchema.nullable(),
  /** The API key it was saved with (shown as "API · <key name>"); absent when a person saved it. */
  createdByApiKey: apiKeyAuthorSchema.optional(),
  /** Who edited the document since the version before. */
  authors: z.array(documentVersionAuthorSchema),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** `GET /project/{id}/document/versions`: every version kept, newest first. */
export const documentVersionListResponseSchema = z.object({ versions: z.array(documentVersionSchema) });
export type DocumentVersionListResponse = z.infer<typeof documentVersionListResponseSchema>;

/** `GET /project/{id}/document/versions/{versionId}`: the version with its content and plain text. */
export const documentVersionDetailSchema = documentVersionSchema.extend({
  content: documentResponseSchema.shape.content,
  text: z.string(),
});
export type DocumentVersionDetail = z.infer<typeof documentVersionDetailSchema>;

/**
 * `POST …/versions/{versionId}/restore`: the document's new time, and the version holding what it was
 * just before (restoring that one undoes this restore).
 */
export const restoreDocumentVersionResponseSchema = z.object({
  updatedAt: z.string(),
  savedVersionId: z.uuid(),
});
export type RestoreDocumentVersionResponse = z.infer<typeof restoreDocumentVersionResponseSchema>;
