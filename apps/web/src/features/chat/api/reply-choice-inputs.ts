import type { EditReplyBody, ReactionValue } from '@redacta/shared';

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

/** A reply's style fixes or ignored findings, saved on the version `entryId`. */
export interface EditReplyInput {
  projectId: string;
  entryId: string;
  edit: EditReplyBody;
}

/** A choice of how a saved reply shows: the version shown, a reaction, or its style fixes. */
export type ReplyChoiceInput = ShowVersionInput | ReactionInput | EditReplyInput;
