import { createContext, useContext } from 'react';
import type { WorkspaceUsage } from '@redacta/shared';

/**
 * The open workspace's word usage as the chat last read it (GET /api/workspace/{id}/usage), for the
 * replies' footers. Handed down rather than read from the query in each footer: a footer mounted as
 * the feed scrolls would otherwise ask the server again once the answer is stale.
 */
export const WordsUsageContext = createContext<WorkspaceUsage | null>(null);

/** The chat's word usage, or null outside a chat session (a reply drawn on its own). */
export function useWordsUsage(): WorkspaceUsage | null {
  return useContext(WordsUsageContext);
}
