import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { plans, resolveLocale, usagePeriod, type ConversationEntry, type StyleRule } from '@redacta/shared';
import { callFunction, type Db } from '../../db/client.ts';
import { conversationEntries, projects } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { actingKeyId, requireKeyWorkspace } from '../../lib/acting-key.ts';
import { creatorsDefaultProjectName } from '../projects/service.ts';
import { monthlyLimits, type UsageSettings } from '../usage/service.ts';
import {
  RESERVED_WORDS,
  reservationRefusals,
  reservationRefused,
  reservationSchema,
  streamCapsJson,
  type WordReservation,
} from '../usage/reservations.ts';
import { storedRulesSchema } from '../style-rules/service.ts';
import { projectTitleFrom } from './project-title.ts';
import { keptTemplateSchema, type KeptTemplate } from './template-run.ts';
import type { AiWorkspace } from '../ai-tasks/workspace.ts';

/** Entries of the project's conversation sent to the model with each request. */
export const HISTORY_ENTRIES = 20;

export interface ChatTurn {
  workspace: AiWorkspace;
  brandVoice: { id: string; name: string; voice: string } | null;
  /** The category of the library prompt the request came from, when it names one. */
  promptCategory: string | null;
  /** The shown entries of the conversation before this request, oldest first. */
  history: Pick<ConversationEntry, 'role' | 'content'>[];
  /** The request's user entry: saved now, or the one a regenerated reply answers. */
  userEntryId: string;
  /** The request answered: the new message, or the saved request of a regenerated reply. */
  message: string;
  liveSearch: boolean;
  /** The project's new name when this request, its first message, named it. */
  projectName: string | null;
  /** The reply's reservation, or null on a plan that neither limits words nor caps streams. */
  reservation: WordReservation | null;
  /** The workspace's style rules, which the reply is written to follow. */
  styleRules: StyleRule[];
  /** The workspace has knowledge ready to search. */
  hasKnowledge: boolean;
  /** The template the request ran, as its entry keeps it (null for a typed request). */
  template: KeptTemplate | null;
}

// The usual answer first: a union tries its options in order.
const turnAnswerSchema = z.union([
  z.object({
    plan: z.enum(plans),
    isGpt4TurnedOn: z.boolean(),
    locale: z.string().nullable(),
    brandVoice: z.object({ id: z.string(), name: z.string(), voice: z.string() }).nullable(),
    promptCategory: z.string().nullable(),
    history: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
    userEntryId: z.string(),
    regenerate: z
      .object({ message: z.string(), liveSearch: z.boolean(), templateRun: keptTemplateSchema.nullable() })
      .nullable(),
    projectName: z.string().nullable(),
    reservation: reservationSchema.nullable(),
    styleRules: storedRulesSchema.nullable(),
    hasKnowledge: z.boolean(),
  }),
  z.object({
    refused: z.enum([
      'workspace',
      'project',
      'reply',
      'not_last',
      'brand_voice',
      'prompt',
      ...reservationRefusals,
    ]),
  }),
]);

export type ChatTurnInput = {
  workspaceId: string;
  projectId: string;
  userId: string;
  brandVoiceId?: string;
  /** Versions of the reply asked for: the reservation covers them all (1 when absent). */
  variants?: number;
} & (
  | {
      message: string;
      promptId?: string;
      liveSearch?: boolean;
      /** The template the message ran: kept with its entry. */
      ranTemplate?: KeptTemplate;
    }
  | { regenerate: { entryId: string } }
);

/**
 * Everything a chat request needs before its model call, in one call of the `open_chat_turn`
 * database function (migration 0005, ADR 0006): the membership check with the workspace and its
 * owner's language, the project the user can see, the reply to regenerate (the conversation's last),
 * the brand voice and library prompt it names (this workspace's, or 404), the workspace's style rules
 * and whether it has knowledge to search (migration 0015), the reply's reservation (its
 * words on a plan with a word limit, NO_WORDS_LEFT when none can be reserved, and its place under the
 * plan's stream caps, 429 beyond: `reserve_words`, migration 0008), the conversation so far, and —
 * only when all of these pass — a new message saved as the user's entry (with the template it ran),
 * naming the project when it still has the name the server gave it. A chat request's work before the
 * first token is its latency.
 *
 * The rules are the ones every other route applies, not copies: membership and visibility are the
 * database functions `member_role` and `project_visible` that `requireMembership` and
 * `requireProjectAccess` also call, the allowance is `monthlyLimit` and the caps `STREAM_CAPS`,
 * handed over for every plan.
 */
export async function openChatTurn(
  db: Db,
  input: ChatTurnInput,
  settings: UsageSettings & { reservationTtlMs: number },
): Promise<ChatTurn> {
  // open_chat_turn checks membership inside the database, out of memberRole's sight.
  requireKeyWorkspace(input.workspaceId);
  const now = settings.now?.() ?? new Date();
  const regenerating = 'regenerate' in input;
  const turn = await callFunction(
    db,
    'open_chat_turn',
    {
      p_workspace_id: input.workspaceId,
      p_project_id: input.projectId,
      p_user_id: input.userId,
      p_message: regenerating ? null : input.message,
      p_regenerate_entry_id: regenerating ? input.regenerate.entryId : null,
      p_brand_voice_id: input.brandVoiceId,
      p_prompt_id: regenerating ? null : input.promptId,
      p_live_search: regenerating ? false : (input.liveSearch ?? false),
      p_title: regenerating ? null : projectTitleFrom(input.message),
      p_period: usagePeriod(now),
      p_word_limits: monthlyLimits(settings),
      p_history_entries: HISTORY_ENTRIES,
      p_reserve_words: RESERVED_WORDS.chat * (input.variants ?? 1),
      p_stream_caps: streamCapsJson,
      p_reservation_ttl_ms: settings.reservationTtlMs,
      p_template_run: !regenerating && input.ranTemplate ? JSON.stringify(input.ranTemplate) : null,
      p_created_by_api_key: actingKeyId(),
    },
    turnAnswerSchema,
  );
  if ('refused' in turn) {
    switch (turn.refused) {
      case 'workspace':
        throw notFound('Workspace');
      case 'project':
        throw notFound('Project');
      case 'reply':
        throw notFound('Reply');
      case 'not_last':
        throw new AppError('CONFLICT', "Only the conversation's last reply can be regenerated");
      case 'brand_voice':
        throw notFound('Brand voice');
      case 'prompt':
        throw notFound('Prompt');
      default:
        throw reservationRefused(turn.refused);
    }
  }
  const request = regenerating
    ? turn.regenerate
    : {
        message: input.message,
        liveSearch: input.liveSearch ?? false,
        templateRun: input.ranTemplate ?? null,
      };
  if (!request) throw new Error('open_chat_turn regenerated a reply without naming its request');
  return {
    workspace: {
      id: input.workspaceId,
      plan: turn.plan,
      isGpt4TurnedOn: turn.isGpt4TurnedOn,
      language: resolveLocale(turn.locale),
    },
    brandVoice: turn.brandVoice,
    promptCategory: turn.promptCategory,
    history: turn.history,
    userEntryId: turn.userEntryId,
    message: request.message,
    liveSearch: request.liveSearch,
    projectName: turn.projectName,
    reservation: turn.reservation,
    styleRules: turn.styleRules ?? [],
    hasKnowledge: turn.hasKnowledge,
    template: request.templateRun,
  };
}

/**
 * Takes back a new message that will get no reply because its server is stopping before the model's
 * first token: the client is told to send it again (behind nginx, another instance is sent the same
 * request at once), and that second request must find the conversation as the first one did. So the
 * message's entry is deleted and, when the message named the project, the project gets back the name the
 * server gave it at its creation. Nothing was charged: words are charged with a reply. Its reservation
 * is released by the caller, as after any turn that saves no reply.
 */
export async function withdrawChatRequest(
  db: Db,
  projectId: string,
  turn: Pick<ChatTurn, 'userEntryId' | 'projectName'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(conversationEntries)
      .where(and(eq(conversationEntries.id, turn.userEntryId), eq(conversationEntries.projectId, projectId)));
    if (!turn.projectName) return;
    const [project] = await tx
      .select({ createdAt: projects.createdAt, createdBy: projects.createdBy })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) return;
    const name = await creatorsDefaultProjectName(tx, project.createdBy, project.createdAt);
    await tx
      .update(projects)
      .set({ name, nameIsDefault: true })
      .where(
        and(
          eq(projects.id, projectId),
          eq(projects.name, turn.projectName),
          eq(projects.nameIsDefault, false),
        ),
      );
  });
}
