import { and, asc, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  CUSTOM_PROMPTS_GROUP,
  RECENT_PROMPTS_GROUP,
  RECENT_PROMPTS_LIMIT,
  type CreateCustomPromptBody,
  type Locale,
  type Prompt,
  type PromptGroup,
  type UpdateCustomPromptBody,
} from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { promptUsage, prompts } from '../../db/schema.ts';
import { createOnce } from '../../lib/create-once.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireCreatorOrOwner } from '../members/rules.ts';
import {
  requireRoomToReplace,
  requireStorageRoom,
  textBytes,
  type StorageQuotas,
} from '../storage/service.ts';
import { requireListRoom } from '../workspaces/list-caps.ts';
import { requireMembership } from '../workspaces/service.ts';
import type { BuiltInLibrary, BuiltInPrompt } from './built-ins.ts';

const groupNames: Record<
  Locale,
  Record<typeof RECENT_PROMPTS_GROUP | typeof CUSTOM_PROMPTS_GROUP, string>
> = {
  es: { recent: 'Recientes', custom: 'Personalizados' },
  en: { recent: 'Recent', custom: 'Custom' },
};

type PromptRow = Pick<
  typeof prompts.$inferSelect,
  'id' | 'workspaceId' | 'language' | 'category' | 'name' | 'text'
>;
const promptColumns = {
  id: prompts.id,
  workspaceId: prompts.workspaceId,
  language: prompts.language,
  category: prompts.category,
  name: prompts.name,
  text: prompts.text,
};

function fromBuiltIn(prompt: BuiltInPrompt): Prompt {
  return {
    id: prompt.id,
    name: prompt.name,
    text: prompt.text,
    category: prompt.category,
    custom: false,
    language: prompt.language,
  };
}

function fromRow(row: PromptRow): Prompt {
  return {
    id: row.id,
    name: row.name,
    text: row.text,
    category: row.workspaceId ? null : row.category,
    custom: row.workspaceId !== null,
    language: row.language,
  };
}

/**
 * The library for one workspace member in one language: Recientes (this user's last ten, newest
 * first; a built-in prompt used in another language shows in this one), Personalizados (the
 * workspace's custom prompts in this language, oldest first: the client reverses the list), then
 * the catalogue's categories in order. Group keys are stable, names localised.
 */
export async function promptGroups(
  db: Db,
  library: BuiltInLibrary,
  input: { workspaceId: string; userId: string; language: Locale },
): Promise<PromptGroup[]> {
  const { workspaceId, userId, language } = input;
  await requireMembership(db, workspaceId, userId);
  const used = await db
    .select(promptColumns)
    .from(promptUsage)
    .innerJoin(prompts, eq(prompts.id, promptUsage.promptId))
    .where(and(eq(promptUsage.workspaceId, workspaceId), eq(promptUsage.userId, userId)))
    .orderBy(desc(promptUsage.lastUsedAt), asc(promptUsage.promptId))
    .limit(RECENT_PROMPTS_LIMIT);
  const recent = new Map<string, Prompt>();
  for (const row of used) {
    const builtIn = row.workspaceId === null ? library.inLanguage(row.id, language) : undefined;
    const prompt = builtIn ? fromBuiltIn(builtIn) : fromRow(row);
    if (!recent.has(prompt.id)) recent.set(prompt.id, prompt);
  }
  const custom = await db
    .select(promptColumns)
    .from(prompts)
    .where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.language, language)))
    .orderBy(asc(prompts.createdAt), asc(prompts.id));

  return [
    { key: RECENT_PROMPTS_GROUP, name: groupNames[language].recent, prompts: [...recent.values()] },
    { key: CUSTOM_PROMPTS_GROUP, name: groupNames[language].custom, prompts: custom.map(fromRow) },
    ...library.categories[language].map((category) => ({
      key: category.key,
      name: category.name,
      prompts: category.prompts.map(fromBuiltIn),
    })),
  ];
}

/** A repeat of the same create (the same client id) answers the prompt it made (lib/create-once.ts). */
export async function createCustomPrompt(
  db: Db,
  quotas: StorageQuotas,
  userId: string,
  body: CreateCustomPromptBody,
) {
  await requireMembership(db, body.workspaceId, userId);
  const id = await createOnce(
    db,
    { table: prompts, id: prompts.id, workspaceId: prompts.workspaceId, creator: prompts.createdBy },
    body.id,
    { workspaceId: body.workspaceId, userId },
    () =>
      db.transaction(async (tx) => {
        await requireListRoom(tx, 'customPrompts', body.workspaceId);
        await requireStorageRoom(tx, quotas, body.workspaceId, textBytes(body.name, body.text));
        const [created] = await tx
          .insert(prompts)
          .values({
            id: body.id,
            workspaceId: body.workspaceId,
            language: body.language,
            name: body.name,
            text: body.text,
            createdBy: userId,
          })
          .returning({ id: prompts.id });
        return created!;
      }),
  );
  return { id };
}

/**
 * A custom prompt the user may change (edit, delete): it belongs to a workspace they are in (another
 * workspace's prompt looks absent, 404) and they created it or own the workspace (else 403). Built-in
 * prompts are read-only for everyone (403, they are not secret).
 */
async function requireCustomPromptEditor(db: Db | Tx, id: string, userId: string) {
  const [prompt] = await db
    .select({ workspaceId: prompts.workspaceId, createdBy: prompts.createdBy })
    .from(prompts)
    .where(eq(prompts.id, id));
  if (!prompt) throw notFound('Prompt');
  if (prompt.workspaceId === null) {
    throw new AppError('FORBIDDEN', 'Built-in prompts cannot be changed; save a copy as a custom prompt');
  }
  const role = await requireMembership(db, prompt.workspaceId, userId, 'Prompt');
  requireCreatorOrOwner({ role, createdBy: prompt.createdBy, userId }, 'prompt');
}

export async function updateCustomPrompt(
  db: Db,
  quotas: StorageQuotas,
  id: string,
  userId: string,
  body: UpdateCustomPromptBody,
) {
  await requireCustomPromptEditor(db, id, userId);
  await requireRoomToReplace(db, quotas, 'prompt', id, body);
  const [updated] = await db
    .update(prompts)
    .set({ name: body.name, text: body.text })
    .where(eq(prompts.id, id))
    .returning(promptColumns);
  if (!updated) throw notFound('Prompt');
  return fromRow(updated);
}

export async function deleteCustomPrompt(db: Db, id: string, userId: string): Promise<void> {
  await requireCustomPromptEditor(db, id, userId);
  await db.delete(prompts).where(eq(prompts.id, id));
}

/**
 * Whether the workspace may use the `prompts` row of the query: built-in, or its own custom prompt.
 * The `prompt_usable` database function (migration 0007) is the one statement of this rule; the chat's
 * `open_chat_turn` calls it too.
 */
function usableIn(workspaceId: string): SQL {
  return sql`prompt_usable(p_prompt => ${prompts}, p_workspace_id => ${workspaceId})`;
}

/**
 * Puts a prompt at the top of the user's Recientes in this workspace and drops what falls past the
 * tenth, in one transaction. The prompt must be built-in or the workspace's own (404 otherwise);
 * the caller has checked membership. Chat calls this too when a request names its prompt, and learns
 * its category from the answer.
 */
export async function recordPromptUse(
  db: Db,
  workspaceId: string,
  userId: string,
  promptId: string,
): Promise<{ category: string | null }> {
  return db.transaction(async (tx) => {
    const [prompt] = await tx
      .select({ category: prompts.category })
      .from(prompts)
      .where(and(eq(prompts.id, promptId), usableIn(workspaceId)));
    if (!prompt) throw notFound('Prompt');
    // clock_timestamp(), not now(): two uses in one transaction or millisecond still order.
    await tx
      .insert(promptUsage)
      .values({ promptId, workspaceId, userId, lastUsedAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({
        target: [promptUsage.workspaceId, promptUsage.userId, promptUsage.promptId],
        set: { lastUsedAt: sql`clock_timestamp()` },
      });
    const kept = tx
      .select({ promptId: promptUsage.promptId })
      .from(promptUsage)
      .where(and(eq(promptUsage.workspaceId, workspaceId), eq(promptUsage.userId, userId)))
      .orderBy(desc(promptUsage.lastUsedAt), asc(promptUsage.promptId))
      .limit(RECENT_PROMPTS_LIMIT);
    await tx
      .delete(promptUsage)
      .where(
        and(
          eq(promptUsage.workspaceId, workspaceId),
          eq(promptUsage.userId, userId),
          notInArray(promptUsage.promptId, kept),
        ),
      );
    return prompt;
  });
}

/** `POST /prompt/{id}/use`: a member records a use in their workspace. */
export async function usePrompt(db: Db, workspaceId: string, userId: string, promptId: string) {
  await requireMembership(db, workspaceId, userId);
  await recordPromptUse(db, workspaceId, userId, promptId);
}
