import { and, eq } from 'drizzle-orm';
import type { EditedReply, EditReplyBody } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { conversationEntries } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireProjectAccess } from '../projects/access.ts';
import { requireStorageRoom, textBytes, type StorageQuotas } from '../storage/service.ts';
import type { LiveConversations } from './live/hub.ts';

/**
 * Saves the chat's style fixes on a reply (docs/decisions/0023, amended 2026-12-06): its new text, the
 * findings ignored on it, or both, then tells everyone following the project (an `edited` part of the
 * live conversation). `entryId` names one version of the reply, the one the chat shows; the others
 * keep their words. Only a complete reply: a stopped or failed one is refused (409 CONFLICT), and one
 * still being written has no saved entry yet (404). The words charged are history and stay as they
 * were; a longer text must fit in the workspace's storage (413 STORAGE_FULL).
 */
export async function editReply(
  deps: { db: Db; quotas: StorageQuotas; live: Pick<LiveConversations, 'edited'> },
  input: { projectId: string; entryId: string; userId: string } & EditReplyBody,
): Promise<EditedReply> {
  const { db, quotas, live } = deps;
  const { projectId, entryId } = input;
  // Whoever may see the project may chat in it, and so may fix its replies (docs/product.md, "Who may do what").
  const { project } = await requireProjectAccess(db, projectId, input.userId);
  const inProject = and(eq(conversationEntries.id, entryId), eq(conversationEntries.projectId, projectId));
  const [reply] = await db
    .select({
      role: conversationEntries.role,
      status: conversationEntries.status,
      content: conversationEntries.content,
    })
    .from(conversationEntries)
    .where(inProject);
  if (reply?.role !== 'assistant') throw notFound('Reply');
  if (reply.status !== 'complete') throw notComplete();
  if (input.content !== undefined) {
    await requireStorageRoom(
      db,
      quotas,
      project.workspaceId,
      textBytes(input.content) - textBytes(reply.content),
    );
  }
  const [saved] = await db
    .update(conversationEntries)
    .set({
      ...(input.content === undefined ? {} : { content: input.content }),
      ...(input.ignoredFindings === undefined
        ? {}
        : { ignoredFindings: [...new Set(input.ignoredFindings)] }),
    })
    // The project (and so the reply) may have been deleted since it was read.
    .where(inProject)
    .returning({
      content: conversationEntries.content,
      ignoredFindings: conversationEntries.ignoredFindings,
    });
  if (!saved) throw notFound('Reply');
  const edited = { entryId, content: saved.content, ignoredFindings: saved.ignoredFindings };
  live.edited(projectId, edited);
  return edited;
}

const notComplete = () =>
  new AppError('CONFLICT', 'Only a complete reply can be edited: this one was stopped or failed');
