import { resolveLocale, usagePeriod, type ConversationEntry, type Plan } from '@redacta/shared';
import { callFunction, type Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UsageSettings } from '../usage/service.ts';
import type { ChatWorkspace } from './service.ts';

/** Entries of the project's conversation sent to the model with each request. */
export const HISTORY_ENTRIES = 20;

export interface ChatTurn {
  workspace: ChatWorkspace;
  brandVoice: { id: string; name: string; voice: string } | null;
  /** The category of the library prompt the request came from, when it names one. */
  promptCategory: string | null;
  /** The last entries of the conversation before this request, oldest first. */
  history: Pick<ConversationEntry, 'role' | 'content'>[];
  userEntryId: string;
}

type TurnAnswer =
  | { refused: 'workspace' | 'project' | 'brand_voice' | 'prompt' | 'no_words' }
  | {
      refused?: undefined;
      plan: Plan;
      isGpt4TurnedOn: boolean;
      locale: string | null;
      brandVoice: ChatTurn['brandVoice'];
      promptCategory: string | null;
      history: ChatTurn['history'];
      userEntryId: string;
    };

/**
 * Everything a chat request needs before its model call, in one call of the `open_chat_turn`
 * database function (migration 0003, ADR 0006): the membership check with the workspace and its
 * owner's language, the project the user can see, the brand voice and library prompt it names (this
 * workspace's, or 404), this month's allowance, the conversation so far, and — only when all of these
 * pass — the user's entry, saved. A chat request's work before the first token is its latency.
 */
export async function openChatTurn(
  db: Db,
  input: {
    workspaceId: string;
    projectId: string;
    userId: string;
    message: string;
    brandVoiceId?: string;
    promptId?: string;
    liveSearch?: boolean;
  },
  settings: UsageSettings,
): Promise<ChatTurn> {
  const now = settings.now?.() ?? new Date();
  const turn = await callFunction<TurnAnswer>(db, 'open_chat_turn', [
    input.workspaceId,
    input.projectId,
    input.userId,
    input.message,
    input.brandVoiceId,
    input.promptId,
    input.liveSearch ?? false,
    usagePeriod(now),
    settings.freePlanWords,
    HISTORY_ENTRIES,
  ]);
  switch (turn.refused) {
    case 'workspace':
      throw notFound('Workspace');
    case 'project':
      throw notFound('Project');
    case 'brand_voice':
      throw notFound('Brand voice');
    case 'prompt':
      throw notFound('Prompt');
    case 'no_words':
      throw new AppError('NO_WORDS_LEFT', 'You have no words remaining this month');
  }
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
  };
}
