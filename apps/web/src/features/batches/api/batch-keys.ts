/**
 * The query keys of bulk runs, the only place they are written: a workspace's list, one batch, and
 * one page of a batch's rows (under the batch, so one invalidation refreshes the batch and its rows).
 */
export const batchKeys = {
  list: (workspaceId: string) => ['batches', workspaceId] as const,
  detail: (batchId: string) => ['batch', batchId] as const,
  rows: (batchId: string, offset: number, limit: number) =>
    [...batchKeys.detail(batchId), 'rows', offset, limit] as const,
  allRows: (batchId: string) => [...batchKeys.detail(batchId), 'rows'] as const,
};
