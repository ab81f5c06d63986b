import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  templateFieldSchema,
  templateOutputSchema,
  templateProblems,
  type CreateTemplateBody,
  type Locale,
  type Template,
  type TemplateListResponse,
  type UpdateTemplateBody,
} from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { templates } from '../../db/schema.ts';
import { createOnce } from '../../lib/create-once.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { lockWorkspace } from '../invitations/index.ts';
import { requireCreatorOrOwner } from '../members/rules.ts';
import {
  requireStorageRoom,
  requireWithinQuotaAfterWrite,
  textBytes,
  type StorageQuotas,
} from '../storage/service.ts';
import { requireListRoom } from '../workspaces/list-caps.ts';
import { requireMembership } from '../workspaces/service.ts';
import { BUILT_IN_TEMPLATES, builtInTemplate } from './built-ins.ts';

const fieldsSchema = z.array(templateFieldSchema);

type TemplateRow = typeof templates.$inferSelect;

/** A stored template as the API shows it; its JSON columns are parsed with the contract. */
function fromRow(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language,
    prompt: row.prompt,
    fields: fieldsSchema.parse(row.fields),
    output: row.output === null ? undefined : templateOutputSchema.parse(row.output),
    builtIn: false,
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The bytes a template's texts take, as the storage quota counts them (JSON as text). */
function templateBytes(template: Pick<Template, 'name' | 'description' | 'prompt' | 'fields' | 'output'>) {
  return textBytes(
    template.name,
    template.description,
    template.prompt,
    JSON.stringify(template.fields),
    template.output ? JSON.stringify(template.output) : null,
  );
}

/**
 * `GET /workspace/{id}/templates`: the built-in templates of `language` (both languages without one),
 * then the workspace's own, newest first. Members only (404 otherwise).
 */
export async function listTemplates(
  db: Db,
  input: { workspaceId: string; userId: string; language?: Locale | undefined },
): Promise<TemplateListResponse> {
  await requireMembership(db, input.workspaceId, input.userId);
  const own = await db
    .select()
    .from(templates)
    .where(eq(templates.workspaceId, input.workspaceId))
    .orderBy(desc(templates.createdAt), desc(templates.id));
  const builtIns = BUILT_IN_TEMPLATES.filter(
    (template) => input.language === undefined || template.language === input.language,
  );
  return { templates: [...builtIns, ...own.map(fromRow)] };
}

/**
 * `POST /workspace/{id}/templates`: any member saves a template for the workspace, under the id the
 * client chose, so sending the same create twice makes one (lib/create-once.ts). The list's cap and
 * the storage quota are checked under the workspace's lock.
 */
export async function createTemplate(
  db: Db,
  quotas: StorageQuotas,
  workspaceId: string,
  userId: string,
  body: CreateTemplateBody,
): Promise<Template> {
  await requireMembership(db, workspaceId, userId);
  if (body.id && builtInTemplate(body.id))
    throw new AppError('CONFLICT', 'This id is already used; send the create with another');
  const id = await createOnce(
    db,
    { table: templates, id: templates.id, workspaceId: templates.workspaceId, creator: templates.createdBy },
    body.id,
    { workspaceId, userId },
    () =>
      db.transaction(async (tx) => {
        await requireListRoom(tx, 'templates', workspaceId);
        await requireStorageRoom(tx, quotas, workspaceId, templateBytes(body));
        const [created] = await tx
          .insert(templates)
          .values({
            id: body.id,
            workspaceId,
            createdBy: userId,
            name: body.name,
            description: body.description,
            language: body.language,
            prompt: body.prompt,
            fields: body.fields,
            output: body.output ?? null,
          })
          .returning({ id: templates.id });
        return created!;
      }),
  );
  const [row] = await db.select().from(templates).where(eq(templates.id, id));
  if (!row) throw notFound('Template');
  return fromRow(row);
}

/**
 * `GET /template/{id}`: a built-in template for anyone signed in (they are not secret); a workspace's
 * own for its members (404 for anyone else).
 */
export async function getTemplate(db: Db, id: string, userId: string): Promise<Template> {
  const builtIn = builtInTemplate(id);
  if (builtIn) return builtIn;
  const [row] = await db.select().from(templates).where(eq(templates.id, id));
  if (!row) throw notFound('Template');
  await requireMembership(db, row.workspaceId, userId, 'Template');
  return fromRow(row);
}

/**
 * A template the user may change (edit, delete): the workspace's own, of a workspace they are in (404
 * otherwise), and theirs or their workspace's as owner (403 otherwise). Built-in templates are
 * read-only for everyone (403).
 */
async function requireTemplateEditor(tx: Tx, id: string, userId: string): Promise<TemplateRow> {
  if (builtInTemplate(id))
    throw new AppError('FORBIDDEN', 'Built-in templates cannot be changed; save a copy as your own');
  const [row] = await tx.select().from(templates).where(eq(templates.id, id));
  if (!row) throw notFound('Template');
  const role = await requireMembership(tx, row.workspaceId, userId, 'Template');
  requireCreatorOrOwner({ role, createdBy: row.createdBy, userId }, 'template');
  return row;
}

/**
 * `PATCH /template/{id}`: replaces what the body carries (`output: null` removes the parts). The
 * result must still be a consistent template (every `{{key}}` a field, …: 400 otherwise) and, if it
 * grew, fit the workspace's storage quota.
 */
export async function updateTemplate(
  db: Db,
  quotas: StorageQuotas,
  id: string,
  userId: string,
  body: UpdateTemplateBody,
): Promise<Template> {
  return db.transaction(async (tx) => {
    const { workspaceId } = await requireTemplateEditor(tx, id, userId);
    // Edits take the workspace's lock and then read the template: two edits at once apply one after
    // the other, each on the other's result, and the quota is measured with both.
    await lockWorkspace(tx, workspaceId);
    const [row] = await tx.select().from(templates).where(eq(templates.id, id));
    if (!row) throw notFound('Template');
    const current = fromRow(row);
    const next = {
      name: body.name ?? current.name,
      description: body.description ?? current.description,
      prompt: body.prompt ?? current.prompt,
      fields: body.fields ?? current.fields,
      output: body.output === null ? undefined : (body.output ?? current.output),
    };
    const problems = templateProblems(next);
    if (problems.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        problems[0]!.message,
        400,
        problems.map((problem) => ({ path: problem.path.join('.'), message: problem.message })),
      );
    }
    const [updated] = await tx
      .update(templates)
      .set({ ...next, output: next.output ?? null })
      .where(eq(templates.id, id))
      .returning();
    await requireWithinQuotaAfterWrite(tx, quotas, workspaceId, templateBytes(next) - templateBytes(current));
    return fromRow(updated!);
  });
}

/** `DELETE /template/{id}`. */
export async function deleteTemplate(db: Db, id: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireTemplateEditor(tx, id, userId);
    await tx.delete(templates).where(eq(templates.id, id));
  });
}

/**
 * The template a workspace may run: a built-in one, or one of the workspace's own; null when it is
 * neither (absent, or another workspace's). The caller has checked that the user is a member.
 */
export async function findUsableTemplate(
  db: Db | Tx,
  workspaceId: string,
  templateId: string,
): Promise<Template | null> {
  const builtIn = builtInTemplate(templateId);
  if (builtIn) return builtIn;
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.workspaceId, workspaceId)));
  return row ? fromRow(row) : null;
}
