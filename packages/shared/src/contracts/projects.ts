import { z } from 'zod';

export const PROJECT_NAME_MAX_LENGTH = 120;
/** The document beside the chat, serialized as JSON, may take at most 1 MiB (DESIGN §4). */
export const DOCUMENT_MAX_BYTES = 1024 * 1024;
/** How deep ProseMirror nodes may nest (lists in lists in quotes…); far beyond any real document. */
export const DOCUMENT_MAX_DEPTH = 64;

export const projectNameSchema = z.string().trim().min(1).max(PROJECT_NAME_MAX_LENGTH);

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

export const renameProjectBodySchema = z.strictObject({ name: projectNameSchema });
export type RenameProjectBody = z.infer<typeof renameProjectBodySchema>;

export const shareProjectResponseSchema = z.object({ id: z.uuid(), isShared: z.boolean() });

/** `move-to-folder/{folderId}`: a folder id, or `none` to move the project back to the top level. */
export const moveProjectParamsSchema = z.strictObject({
  id: z.uuid(),
  folderId: z.union([z.uuid(), z.literal('none')]),
});

// ── Lists ────────────────────────────────────────────────────────────────────────────────────────

export const projectSortKeys = ['createdAt', 'updatedAt', 'name'] as const;
export type ProjectSortKey = (typeof projectSortKeys)[number];

/** Sort and cursor pagination shared by every project list; `cursor` is the previous page's `nextCursor`. */
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

/**
 * A ProseMirror node: an object with a string `type`, and optionally `content` (nodes), `text`
 * (string), `attrs` (object) and `marks` (objects with a string `type`). Walked iteratively so a
 * hostile document cannot overflow the stack; nesting beyond DOCUMENT_MAX_DEPTH is refused.
 */
function proseMirrorProblem(root: unknown): Problem | null {
  const stack: { node: unknown; path: (string | number)[]; depth: number }[] = [
    { node: root, path: [], depth: 0 },
  ];
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop()!;
    if (depth > DOCUMENT_MAX_DEPTH) return { path, message: 'The document is nested too deeply' };
    if (!isObject(node) || typeof node.type !== 'string' || node.type.length === 0) {
      return { path, message: 'Each node needs a string type' };
    }
    if (node.text !== undefined && typeof node.text !== 'string') {
      return { path: [...path, 'text'], message: 'text must be a string' };
    }
    if (node.attrs !== undefined && node.attrs !== null && !isObject(node.attrs)) {
      return { path: [...path, 'attrs'], message: 'attrs must be an object' };
    }
    if (node.marks !== undefined) {
      if (!Array.isArray(node.marks)) return { path: [...path, 'marks'], message: 'marks must be a list' };
      const bad = node.marks.findIndex((mark) => !isObject(mark) || typeof mark.type !== 'string');
      if (bad >= 0) return { path: [...path, 'marks', bad], message: 'Each mark needs a string type' };
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
  .looseObject({
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

export const updateDocumentBodySchema = z.strictObject({ content: documentContentSchema });
export type UpdateDocumentBody = z.infer<typeof updateDocumentBodySchema>;

/** Responses carry content as stored (validated on write), without re-walking it. */
const storedDocumentContentSchema = z.looseObject({ type: z.string(), content: z.array(z.unknown()) });
export const documentResponseSchema = z.object({ content: storedDocumentContentSchema });
export const updateDocumentResponseSchema = z.object({
  content: storedDocumentContentSchema,
  updatedAt: z.string(),
});
