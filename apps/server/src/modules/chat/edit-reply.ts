import { and, eq } from 'drizzle-orm';
import { IGNORED_FINDINGS_MAX, type EditedReply, type EditReplyBody } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { conversationEntries } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireProjectAccess } from '../projects/access.ts';
import { requireStorageRoom, textBytes, type StorageQuotas } from '../storage/service.ts';
import type { LiveConversations } from './live/hub.ts';

/**
 * Saves the chat's style fixes on a reply (docs/decisions/0023, amended 2026-12-06): its new text,
 * findings newly ignored on it (joined to those already ignored), or both, then tells everyone
 * following the project (an `edited` part of the live conversation). `entryId` names one version of the reply, the one the chat shows; the others
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
  // Under the reply's row lock: two people ignoring different findings at once both keep theirs.
  const saved = await db.transaction(async (tx) => {
    const [reply] = await tx
      .select({
        role: conversationEntries.role,
        status: conversationEntries.status,
        content: conversationEntries.content,
        ignoredFindings: conversationEntries.ignoredFindings,
      })
      .from(conversationEntries)
      .where(inProject)
      .for('update');
    if (reply?.role !== 'assistant') throw notFound('Reply');
    if (reply.status !== 'complete') throw notComplete();
    if (input.content !== undefined) {
      await requireStorageRoom(
        tx,
        quotas,
        project.workspaceId,
        textBytes(input.content) - textBytes(reply.content),
      );
    }
    // A finding ignored stays ignored: what is sent joins what others ignored meanwhile.
    const ignoredFindings =
      input.ignoredFindings === undefined
        ? undefined
        : [...new Set([...reply.ignoredFindings, ...input.ignoredFindings])].slice(0, IGNORED_FINDINGS_MAX);
    const [row] = await tx
      .update(conversationEntries)
      .set({
        ...(input.content === undefined ? {} : { content: input.content }),
        ...(ignoredFindings === undefined ? {} : { ignoredFindings }),
      })
      .where(inProject)
      .returning({
        content: conversationEntries.content,
        ignoredFindings: conversationEntries.ignoredFindings,
      });
    return row!;
  });
  const edited = { entryId, content: saved.content, ignoredFindings: saved.ignoredFindings };
  live.edited(projectId, edited);
  return edited;
}

const notComplete = () =>
  new AppError('CONFLICT', 'Only a complete reply can be edited: this one was stopped or failed');
