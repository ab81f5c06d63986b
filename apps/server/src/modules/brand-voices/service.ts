import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  BRAND_VOICE_EXCERPT_LENGTH,
  type BrandVoice,
  type BrandVoiceSummary,
  type CreateBrandVoiceBody,
  type UpdateBrandVoiceBody,
} from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { brandVoices, users } from '../../db/schema.ts';
import { createOnce } from '../../lib/create-once.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { requireCreatorOrOwner } from '../members/rules.ts';
import {
  requireRoomToReplace,
  requireStorageRoom,
  textBytes,
  type StorageQuotas,
} from '../storage/service.ts';
import { addedByColumns, addedByOf } from '../users/added-by.ts';
import { requireListRoom } from '../workspaces/list-caps.ts';
import { requireMembership } from '../workspaces/service.ts';

/** Attempts of a write that sets a default before two simultaneous "set default" requests give up. */
const DEFAULT_RACE_ATTEMPTS = 3;

const summaryColumns = {
  id: brandVoices.id,
  workspaceId: brandVoices.workspaceId,
  name: brandVoices.name,
  isDefault: brandVoices.isDefault,
  createdAt: brandVoices.createdAt,
  updatedAt: brandVoices.updatedAt,
  ...addedByColumns,
};

/** The voices with who added each, and of each voice's text what `columns` asks for. */
function selectVoices<Text extends Record<string, SQL.Aliased | typeof brandVoices.voice>>(
  db: Db | Tx,
  columns: Text,
) {
  return db
    .select({ ...summaryColumns, ...columns })
    .from(brandVoices)
    .leftJoin(users, eq(users.id, brandVoices.addedBy));
}
type SummaryRow = Awaited<ReturnType<typeof selectVoices<Record<never, never>>>>[number];

function withoutText(row: SummaryRow): Omit<BrandVoice, 'voice'> {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    isDefault: row.isDefault,
    addedBy: addedByOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function readVoice(db: Db | Tx, id: string): Promise<BrandVoice> {
  const [row] = await selectVoices(db, { voice: brandVoices.voice }).where(eq(brandVoices.id, id));
  if (!row) throw notFound('Brand voice');
  return { ...withoutText(row), voice: row.voice };
}

/**
 * The workspace's voices, oldest first, for any member (anyone else gets 404): each with the start
 * of its text only, cut in the database so whole texts are neither read nor sent.
 */
export async function listBrandVoices(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<BrandVoiceSummary[]> {
  await requireMembership(db, workspaceId, userId);
  const rows = await selectVoices(db, {
    excerpt: sql<string>`left(${brandVoices.voice}, ${BRAND_VOICE_EXCERPT_LENGTH})`.as('excerpt'),
    cut: sql<boolean>`char_length(${brandVoices.voice}) > ${BRAND_VOICE_EXCERPT_LENGTH}`.as('cut'),
  })
    .where(eq(brandVoices.workspaceId, workspaceId))
    .orderBy(asc(brandVoices.createdAt), asc(brandVoices.id));
  return rows.map((row) => ({
    ...withoutText(row),
    excerpt: row.cut ? `${row.excerpt.trimEnd()}…` : row.excerpt,
  }));
}

/** One voice whole, for its editor: any member of its workspace; anyone else gets 404. */
export async function getBrandVoice(db: Db, id: string, userId: string): Promise<BrandVoice> {
  const voice = await readVoice(db, id);
  await requireMembership(db, voice.workspaceId, userId, 'Brand voice');
  return voice;
}

/**
 * A voice the user may change (edit, delete, make the default): it belongs to a workspace they are in
 * (else 404, as if absent) and they created it or own the workspace (else 403).
 */
async function requireVoiceEditor(db: Db | Tx, id: string, userId: string) {
  const [voice] = await db
    .select({ id: brandVoices.id, workspaceId: brandVoices.workspaceId, addedBy: brandVoices.addedBy })
    .from(brandVoices)
    .where(eq(brandVoices.id, id));
  if (!voice) throw notFound('Brand voice');
  const role = await requireMembership(db, voice.workspaceId, userId, 'Brand voice');
  requireCreatorOrOwner({ role, createdBy: voice.addedBy, userId }, 'brand voice');
  return voice;
}

/**
 * Runs a write that may make a voice the default. Clearing the others and setting this one happen in
 * the same transaction; the partial unique index allows one default per workspace, so when a
 * simultaneous "set default" commits first this transaction fails with 23505 and runs again, now
 * seeing (and clearing) the other default: the last request wins and exactly one default remains.
 */
async function withOneDefault<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(write);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= DEFAULT_RACE_ATTEMPTS) {
        throw new AppError(
          'CONFLICT',
          'Another brand voice was made the default at the same time; try again',
        );
      }
    }
  }
}

async function clearOtherDefaults(tx: Tx, workspaceId: string, keepId?: string) {
  await tx
    .update(brandVoices)
    .set({ isDefault: false })
    .where(
      and(
        eq(brandVoices.workspaceId, workspaceId),
        eq(brandVoices.isDefault, true),
        keepId ? ne(brandVoices.id, keepId) : undefined,
      ),
    );
}

export async function createBrandVoice(
  db: Db,
  quotas: StorageQuotas,
  workspaceId: string,
  userId: string,
  body: CreateBrandVoiceBody,
): Promise<BrandVoice> {
  await requireMembership(db, workspaceId, userId);
  const id = await createOnce(
    db,
    {
      table: brandVoices,
      id: brandVoices.id,
      workspaceId: brandVoices.workspaceId,
      creator: brandVoices.addedBy,
    },
    body.id,
    { workspaceId, userId },
    () =>
      withOneDefault(db, async (tx) => {
        await requireListRoom(tx, 'brandVoices', workspaceId);
        await requireStorageRoom(tx, quotas, workspaceId, textBytes(body.name, body.voice));
        const isDefault = body.isDefault ?? false;
        if (isDefault) await clearOtherDefaults(tx, workspaceId);
        const [created] = await tx
          .insert(brandVoices)
          .values({
            id: body.id,
            workspaceId,
            name: body.name,
            voice: body.voice,
            isDefault,
            addedBy: userId,
          })
          .returning({ id: brandVoices.id });
        return created!;
      }),
  );
  return readVoice(db, id);
}

/** Rename, rewrite or (un)set as default: the voice's creator or the workspace owner. */
export async function updateBrandVoice(
  db: Db,
  quotas: StorageQuotas,
  id: string,
  userId: string,
  body: UpdateBrandVoiceBody,
): Promise<BrandVoice> {
  const voice = await requireVoiceEditor(db, id, userId);
  await requireRoomToReplace(db, quotas, 'brandVoice', id, { name: body.name, text: body.voice });
  return withOneDefault(db, async (tx) => {
    if (body.isDefault) await clearOtherDefaults(tx, voice.workspaceId, id);
    const [updated] = await tx
      .update(brandVoices)
      .set({ name: body.name, voice: body.voice, isDefault: body.isDefault })
      .where(eq(brandVoices.id, id))
      .returning({ id: brandVoices.id });
    // Deleted between the check and the write.
    if (!updated) throw notFound('Brand voice');
    return readVoice(tx, id);
  });
}

export async function deleteBrandVoice(db: Db, id: string, userId: string): Promise<void> {
  await requireVoiceEditor(db, id, userId);
  await db.delete(brandVoices).where(eq(brandVoices.id, id));
}
