import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { countWords, isPaidPlan, usagePeriod, type KnowledgeCitation, type Plan } from '@redacta/shared';
import { callFunction, type Db } from '../../db/client.ts';
import { conversationEntries, projects, reactions, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Models } from '../../ai/models.ts';
import { requireProjectAccess } from '../projects/access.ts';
import { visibleProjects } from '../projects/list.ts';
import { requireMembership } from '../workspaces/service.ts';
import { usageFromCount, type UsageSettings } from '../usage/service.ts';
import { aiWorkspace, modelFor, type AiWorkspace } from '../ai-tasks/workspace.ts';
import type { WebhookEvents } from '../webhooks/events.ts';

const savedReplySchema = z.object({
  messageId: z.string(),
  wordCount: z.number().int(),
  announce: z.boolean(),
});
/** `save_chat_reply` with `p_unless_announced`: saved, or left for a transaction with its announcement. */
const replySavedUnlessAnnouncedSchema = z.union([savedReplySchema, z.object({ announce: z.literal(true) })]);

/**
 * Saves a reply however it ended, with the knowledge passages it cites, and charges exactly its words,
 * ending its reservation, in the `save_chat_reply` database function (0040_reply_announcement.sql):
 * the entry, its citations, the charge and the released reservation exist together or not at all. The
 * reply answers `requestId` and becomes the shown version of that request's reply. Called once per
 * reply (the caller guards it). The same transaction announces `reply.finished`, whatever the
 * reply's status, to the workspace's webhooks subscribed to it when the project is shared.
 */
export async function saveReply(
  db: Db,
  input: {
    workspace: { id: string; plan: Plan };
    projectId: string;
    userId: string;
    requestId: string;
    modelId: string;
    demo: boolean;
    brandVoiceId?: string;
    text: string;
    status: 'complete' | 'aborted' | 'failed';
    reservationId?: string;
    sources?: readonly KnowledgeCitation[];
  },
  settings: UsageSettings,
  events: WebhookEvents,
) {
  const wordsCharged = countWords(input.text);
  const now = settings.now?.() ?? new Date();
  const args = {
    p_workspace_id: input.workspace.id,
    p_project_id: input.projectId,
    p_user_id: input.userId,
    p_request_id: input.requestId,
    p_content: input.text,
    p_status: input.status,
    p_model: input.modelId,
    p_demo: input.demo,
    p_brand_voice_id: input.brandVoiceId,
    p_words: wordsCharged,
    p_period: usagePeriod(now),
    p_reservation_id: input.reservationId,
    p_sources: input.sources?.length ? JSON.stringify(input.sources) : null,
  };
  // Most replies go to no webhook: saved in one call, which PGlite's thread runs together with the
  // calls beside it (ADR 0025). One that is announced saves nothing there, and is saved again in a
  // transaction of its own with its announcement.
  const first = await callFunction(
    db,
    'save_chat_reply',
    { ...args, p_unless_announced: true },
    replySavedUnlessAnnouncedSchema,
  );
  const saved =
    'messageId' in first
      ? first
      : await db.transaction(async (tx) => {
          const saved = await callFunction(
            tx,
            'save_chat_reply',
            { ...args, p_unless_announced: false },
            savedReplySchema,
          );
          if (saved.announce)
            await events.emit(tx, {
              workspaceId: input.workspace.id,
              type: 'reply.finished',
              data: {
                projectId: input.projectId,
                messageId: saved.messageId,
                requestId: input.requestId,
                userId: input.userId,
                status: input.status,
                words: wordsCharged,
                text: input.text,
              },
            });
          return saved;
        });
  if (wordsCharged > 0) settings.onCharge?.({ workspaceId: input.workspace.id, userId: input.userId });
  const usage = usageFromCount(input.workspace, saved.wordCount, settings, now);
  return { messageId: saved.messageId, wordsCharged, remaining: usage.remaining };
}

/**
 * Shows one version of a reply of the project (any one the user can see): from then on the
 * conversation shows it and the model's history holds it instead of the request's other replies.
 */
export async function showReplyVersion(
  db: Db,
  input: { projectId: string; entryId: string; userId: string },
) {
  await requireProjectAccess(db, input.projectId, input.userId);
  const [reply] = await db
    .select({ requestId: conversationEntries.requestId })
    .from(conversationEntries)
    .where(
      and(
        eq(conversationEntries.id, input.entryId),
        eq(conversationEntries.projectId, input.projectId),
        eq(conversationEntries.role, 'assistant'),
      ),
    );
  if (!reply?.requestId) throw notFound('Reply');
  await db
    .update(conversationEntries)
    .set({ shown: sql`${conversationEntries.id} = ${input.entryId}` })
    .where(eq(conversationEntries.requestId, reply.requestId));
  return { entryId: input.entryId };
}

/** 👍/👎 on a reply the user can see, in this workspace; null removes the user's reaction. */
export async function setReaction(
  db: Db,
  input: { workspaceId: string; entryId: string; userId: string; value: 'up' | 'down' | null },
) {
  await requireMembership(db, input.workspaceId, input.userId);
  const [entry] = await db
    .select({ role: conversationEntries.role })
    .from(conversationEntries)
    .innerJoin(projects, eq(projects.id, conversationEntries.projectId))
    .where(and(eq(conversationEntries.id, input.entryId), visibleProjects(input.workspaceId, input.userId)));
  if (!entry || entry.role !== 'assistant') throw notFound('Reply');
  if (input.value === null) {
    await db
      .delete(reactions)
      .where(and(eq(reactions.entryId, input.entryId), eq(reactions.userId, input.userId)));
  } else {
    await db
      .insert(reactions)
      .values({ entryId: input.entryId, userId: input.userId, value: input.value })
      .onConflictDoUpdate({ target: [reactions.entryId, reactions.userId], set: { value: input.value } });
  }
  return { entryId: input.entryId, value: input.value };
}

export async function premiumModelStatus(db: Db, models: Models, workspaceId: string, userId: string) {
  const workspace = await aiWorkspace(db, workspaceId, userId);
  return statusOf(models, workspace);
}

/** The "GPT-4 in Chat" switch: any member of a paid workspace may flip it. */
export async function setPremiumModel(
  db: Db,
  models: Models,
  input: { workspaceId: string; userId: string; on: boolean },
) {
  const workspace = await aiWorkspace(db, input.workspaceId, input.userId);
  if (!isPaidPlan(workspace.plan)) {
    throw new AppError(
      'PLAN_REQUIRED',
      'The premium model is available on paid plans only; upgrade to use it',
    );
  }
  await db.update(workspaces).set({ isGpt4TurnedOn: input.on }).where(eq(workspaces.id, input.workspaceId));
  return statusOf(models, { ...workspace, isGpt4TurnedOn: input.on });
}

function statusOf(models: Models, workspace: AiWorkspace) {
  const available = isPaidPlan(workspace.plan);
  return {
    isGpt4TurnedOn: available && workspace.isGpt4TurnedOn,
    available,
    modelLabel: models.premium.label,
    activeModelLabel: modelFor(models, workspace).label,
    demo: models.demo,
    setupHelp: models.setupHelp,
  };
}
