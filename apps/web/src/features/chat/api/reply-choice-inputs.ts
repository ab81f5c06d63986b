import type { ReactionValue } from '@redacta/shared';

// The variables of the mutations under chatKeys.replyChoice. The hooks that send them and the cache
// that replays them after a refetch both read these, so they live apart from either.

export interface ShowVersionInput {
  projectId: string;
  versionId: string;
}

export interface ReactionInput {
  workspaceId: string;
  projectId: string;
  entryId: string;
  value: ReactionValue | null;
}

/** A choice of how a saved reply shows: the version shown, or a reaction. */
export type ReplyChoiceInput = ShowVersionInput | ReactionInput;
