import { and, asc, eq } from 'drizzle-orm';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import {
  countWords,
  isPaidPlan,
  resolveLocale,
  usagePeriod,
  type ConversationEntry,
  type Locale,
  type Plan,
} from '@redacta/shared';
import { callFunction, type Db } from '../../db/client.ts';
import { conversationEntries, memberships, projects, reactions, users, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ChatModel, Models } from '../../ai/models.ts';
import type { LiveSearchMode } from '../../ai/live-search.ts';
import { buildSystemPrompt } from '../../ai/prompts.ts';
import { requireProjectAccess } from '../projects/access.ts';
import { visibleProjects } from '../projects/list.ts';
import { requireMembership } from '../workspaces/service.ts';
import { usageFromCount, type UsageSettings } from '../usage/service.ts';

export interface ChatWorkspace {
  id: string;
  plan: Plan;
  isGpt4TurnedOn: boolean;
  /** The workspace writes in its owner's language (workspaces have no language of their own yet). */
  language: Locale;
}

/**
 * The workspace behind an AI call other than the chat stream (improve, voice analysis, the premium
 * switch), after checking the user belongs to it (404 otherwise); the stream gets it from
 * `openChatTurn`. One query: the membership check and the workspace with its owner's language.
 */
export async function chatWorkspace(db: Db, workspaceId: string, userId: string): Promise<ChatWorkspace> {
  const [row] = await db
    .select({
      id: workspaces.id,
      plan: workspaces.plan,
      isGpt4TurnedOn: workspaces.isGpt4TurnedOn,
      locale: users.locale,
    })
    .from(workspaces)
    .innerJoin(memberships, and(eq(memberships.workspaceId, workspaces.id), eq(memberships.userId, userId)))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound('Workspace');
  return {
    id: row.id,
    plan: row.plan,
    isGpt4TurnedOn: row.isGpt4TurnedOn,
    language: resolveLocale(row.locale),
  };
}

/** The premium model only while the plan is paid and the switch is on (DESIGN §4). */
export function modelFor(
  models: Models,
  workspace: Pick<ChatWorkspace, 'plan' | 'isGpt4TurnedOn'>,
): ChatModel {
  return isPaidPlan(workspace.plan) && workspace.isGpt4TurnedOn ? models.premium : models.standard;
}

/** System prompt, the conversation so far (oldest first), then the new message. */
export function buildChatPrompt(input: {
  history: Pick<ConversationEntry, 'role' | 'content'>[];
  message: string;
  language: Locale;
  brandVoice?: { name: string; voice: string } | null;
  liveSearch?: LiveSearchMode;
}): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [
    {
      role: 'system',
      content: buildSystemPrompt({
        language: input.language,
        brandVoice: input.brandVoice,
        liveSearch: input.liveSearch,
      }),
    },
  ];
  for (const entry of input.history) {
    if (!entry.content.trim()) continue;
    prompt.push(
      entry.role === 'user'
        ? { role: 'user', content: [{ type: 'text', text: entry.content }] }
        : { role: 'assistant', content: [{ type: 'text', text: entry.content }] },
    );
  }
  prompt.push({ role: 'user', content: [{ type: 'text', text: input.message }] });
  return prompt;
}

/**
 * Saves a reply however it ended and charges exactly its words, in one call of the `save_chat_reply`
 * database function (migration 0003): the entry and the charge exist together or not at all.
 * Called once per reply (the caller guards it).
 */
export async function saveReply(
  db: Db,
  input: {
    workspace: { id: string; plan: Plan };
    projectId: string;
    userId: string;
    modelId: string;
    brandVoiceId?: string;
    text: string;
    status: 'complete' | 'aborted' | 'failed';
  },
  settings: UsageSettings,
) {
  const wordsCharged = countWords(input.text);
  const now = settings.now?.() ?? new Date();
  const saved = await callFunction<{ messageId: string; wordCount: number }>(db, 'save_chat_reply', [
    input.workspace.id,
    input.projectId,
    input.userId,
    input.text,
    input.status,
    input.modelId,
    input.brandVoiceId,
    wordsCharged,
    usagePeriod(now),
  ]);
  const usage = usageFromCount(input.workspace, saved.wordCount, settings, now);
  return { messageId: saved.messageId, wordsCharged, remaining: usage.remaining };
}

export async function projectConversation(db: Db, projectId: string, userId: string) {
  await requireProjectAccess(db, projectId, userId);
  const rows = await db
    .select({
      id: conversationEntries.id,
      role: conversationEntries.role,
      content: conversationEntries.content,
      status: conversationEntries.status,
      model: conversationEntries.model,
      wordsCharged: conversationEntries.wordsCharged,
      createdAt: conversationEntries.createdAt,
      reaction: reactions.value,
      promptId: conversationEntries.promptId,
      liveSearch: conversationEntries.liveSearch,
    })
    .from(conversationEntries)
    .leftJoin(reactions, and(eq(reactions.entryId, conversationEntries.id), eq(reactions.userId, userId)))
    .where(eq(conversationEntries.projectId, projectId))
    .orderBy(asc(conversationEntries.createdAt), asc(conversationEntries.id));
  return {
    projectId,
    entries: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      reaction: row.reaction ?? null,
    })),
  };
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
  const workspace = await chatWorkspace(db, workspaceId, userId);
  return statusOf(models, workspace);
}

/** The "GPT-4 in Chat" switch: any member of a paid workspace may flip it (spec §5). */
export async function setPremiumModel(
  db: Db,
  models: Models,
  input: { workspaceId: string; userId: string; on: boolean },
) {
  const workspace = await chatWorkspace(db, input.workspaceId, input.userId);
  if (!isPaidPlan(workspace.plan)) {
    throw new AppError(
      'PLAN_REQUIRED',
      'The premium model is available on paid plans only; upgrade to use it',
    );
  }
  await db.update(workspaces).set({ isGpt4TurnedOn: input.on }).where(eq(workspaces.id, input.workspaceId));
  return statusOf(models, { ...workspace, isGpt4TurnedOn: input.on });
}

function statusOf(models: Models, workspace: ChatWorkspace) {
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
