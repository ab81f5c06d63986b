export const knowledgeKeys = {
  list: (workspaceId: string) => ['knowledge', workspaceId] as const,
  search: (workspaceId: string, q: string) => ['knowledge', workspaceId, 'search', q] as const,
};
