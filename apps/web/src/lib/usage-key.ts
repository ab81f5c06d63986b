/**
 * The query key of a workspace's word usage (GET /api/workspace/{id}/usage): every feature whose AI
 * calls charge words refreshes this one entry, and the words meter follows.
 */
export const usageKey = (workspaceId: string) => ['workspace-usage', workspaceId] as const;
