import { z } from 'zod';
import { freeText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../rules/text.ts';
import { PROJECT_NAME_MAX_LENGTH, projectSortKeys } from './project-limits.ts';

/** The document beside the chat, serialized as JSON, may take at most 1 MiB. */
export const DOCUMENT_MAX_BYTES = 1024 * 1024;
/** How deep ProseMirror nodes may nest (lists in lists in quotes…); far beyond any real document. */
export const DOCUMENT_MAX_DEPTH = 64;

export const projectNameSchema = freeText({ max: PROJECT_NAME_MAX_LENGTH });

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  workspaceId: z.uuid(),
  folderId: z.uuid().nullable(),
  isShared: z.boolean(),
  createdBy: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/** `POST /workspace/{id}/project`: the body is optional; without a name the server picks "<date> Sin título". */
/** Fastify hands an absent body over as null. */
export const createProjectBodySchema = z.strictObject({ name: projectNameSchema.optional() }).nullish();
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;
export const createProjectResponseSchema = z.object({ id: z.uuid() });
export type CreateProjectResponse = z.infer<typeof createProjectResponseSchema>;

export const renameProjectBodySchema = z.strictObject({ name: projectNameSchema });
export type RenameProjectBody = z.infer<typeof renameProjectBodySchema>;

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

type Problem = { path: (string | number)[]; message: string };

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nodeKeys = new Set(['type', 'content', 'text', 'attrs', 'marks']);
const markKeys = new Set(['type', 'attrs']);
/** Attribute names as TipTap's extensions write them (`level`, `href`, `language`…). */
const attributeName = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const TYPE_MAX_LENGTH = 64;

const unknownKey = (object: JsonObject, known: Set<string>) =>
  Object.keys(object).find((key) => !known.has(key));

function typeProblem(object: JsonObject, path: Problem['path'], what: string): Problem | null {
  const { type } = object;
  if (typeof type !== 'string' || type.length === 0 || type.length > TYPE_MAX_LENGTH) {
    return { path: [...path, 'type'], message: `Each ${what} needs a type` };
  }
  if (!isStorableText(type)) return { path: [...path, 'type'], message: UNSTORABLE_TEXT_MESSAGE };
  return null;
}

/** `attrs`: absent, null, or an object of named plain values (text, numbers, true/false, null). */
function attrsProblem(attrs: unknown, path: Problem['path']): Problem | null {
  if (attrs === undefined || attrs === null) return null;
  if (!isObject(attrs)) return { path, message: 'attrs must be an object' };
  for (const [name, value] of Object.entries(attrs)) {
    if (!attributeName.test(name)) return { path, message: 'Attribute names are words' };
    const plain =
      value === null ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (typeof value === 'string' && isStorableText(value));
    if (!plain) return { path: [...path, name], message: 'Attributes are text, numbers or true/false' };
  }
  return null;
}

function marksProblem(marks: unknown, path: Problem['path']): Problem | null {
  if (marks === undefined) return null;
  if (!Array.isArray(marks)) return { path, message: 'marks must be a list' };
  for (const [index, mark] of marks.entries()) {
    if (!isObject(mark)) return { path: [...path, index], message: 'Each mark needs a type' };
    const key = unknownKey(mark, markKeys);
    if (key !== undefined) return { path: [...path, index, key], message: `Unknown key: ${key}` };
    const problem =
      typeProblem(mark, [...path, index], 'mark') ?? attrsProblem(mark.attrs, [...path, index, 'attrs']);
    if (problem) return problem;
  }
  return null;
}

/**
 * A ProseMirror node: an object with a `type`, and optionally `content` (nodes), `text`, `attrs` (named
 * plain values) and `marks` (each a `type` with optional `attrs`); no other key at any level, and no
 * text that cannot be stored. Walked iteratively, so no document can overflow the stack; nesting beyond
 * DOCUMENT_MAX_DEPTH is refused.
 */
function proseMirrorProblem(root: unknown): Problem | null {
  const stack: { node: unknown; path: (string | number)[]; depth: number }[] = [
    { node: root, path: [], depth: 0 },
  ];
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop()!;
    if (depth > DOCUMENT_MAX_DEPTH) return { path, message: 'The document is nested too deeply' };
    if (!isObject(node)) return { path, message: 'Each node needs a type' };
    const key = unknownKey(node, nodeKeys);
    if (key !== undefined) return { path: [...path, key], message: `Unknown key: ${key}` };
    const problem =
      typeProblem(node, path, 'node') ??
      attrsProblem(node.attrs, [...path, 'attrs']) ??
      marksProblem(node.marks, [...path, 'marks']);
    if (problem) return problem;
    if (node.text !== undefined) {
      if (typeof node.text !== 'string') return { path: [...path, 'text'], message: 'text must be a string' };
      if (!isStorableText(node.text)) return { path: [...path, 'text'], message: UNSTORABLE_TEXT_MESSAGE };
    }
    if (node.content !== undefined) {
      if (!Array.isArray(node.content))
        return { path: [...path, 'content'], message: 'content must be a list' };
      node.content.forEach((child, index) =>
        stack.push({ node: child, path: [...path, 'content', index], depth: depth + 1 }),
      );
    }
  }
  return null;
}

/** Document content as the editor (TipTap) saves it: `{type: 'doc', content: [...nodes]}`. */
export const documentContentSchema = z
  .strictObject({
    type: z.literal('doc'),
    content: z.array(z.looseObject({ type: z.string() })),
  })
  .superRefine((value, ctx) => {
    const problem = proseMirrorProblem(value);
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
