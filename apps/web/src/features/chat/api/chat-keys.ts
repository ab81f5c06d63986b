import { usageKey } from '@/lib/usage-key';

/** Query keys of the chat feature, in one place so updates after a stream hit the same entries. */
export const chatKeys = {
  conversation: (projectId: string) => ['conversation', projectId] as const,
  /** Mutations that choose how a saved reply shows: the version shown, a reaction, its style fixes. */
  replyChoice: ['reply-choice'] as const,
  usage: usageKey,
  premiumStatus: (workspaceId: string) => ['premium-status', workspaceId] as const,
};
