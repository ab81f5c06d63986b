import { useQuery } from '@tanstack/react-query';
import type { Batch, BatchRow, BatchStatus } from '@redacta/shared';
import { fetchBatch, fetchBatches, fetchBatchRows } from './batch-api';
import { batchKeys } from './batch-keys';

/**
 * How often an open batch (and a list with a running batch) looks again while the page is visible,
 * as the project list does for a team's changes (docs/decisions/0030): a teammate's page and the
 * creator's follow the same rows. A hidden tab does not poll (TanStack's default).
 */
export const BATCH_POLL_MS = 1500;

/** Rows of a batch shown at once: a page of the results table. */
export const BATCH_PAGE_SIZE = 50;

/** Only a running batch changes by itself; paused, finished and draft ones wait for a person. */
export const isLive = (status: BatchStatus | undefined) => status === 'running';

/** The workspace's batches, newest first; polled while one of them is running. */
export function useBatches(workspaceId: string) {
  return useQuery({
    queryKey: batchKeys.list(workspaceId),
    queryFn: ({ signal }) => fetchBatches(workspaceId, signal).then((answer) => answer.batches),
    refetchInterval: (query) =>
      query.state.data?.some((batch) => isLive(batch.status)) ? BATCH_POLL_MS : false,
  });
}

/**
 * One batch; polled while it runs, and no more once it is done, cancelled or paused. A draft is
 * polled too: a teammate with it open sees it start when its creator runs it.
 */
export function useBatch(batchId: string) {
  return useQuery({
    queryKey: batchKeys.detail(batchId),
    queryFn: ({ signal }) => fetchBatch(batchId, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return isLive(status) || status === 'draft' ? BATCH_POLL_MS : false;
    },
  });
}

const working = (row: BatchRow) => row.status === 'pending' || row.status === 'running';

/**
 * One page of a batch's rows, polled with the batch while it runs, and after it ended while a row
 * of the page is being written again (a row regenerated alone).
 */
export function useBatchRows(batch: Pick<Batch, 'id' | 'status'> | undefined, offset: number) {
  const batchId = batch?.id ?? '';
  return useQuery({
    queryKey: batchKeys.rows(batchId, offset, BATCH_PAGE_SIZE),
    queryFn: ({ signal }) =>
      fetchBatchRows(batchId, offset, BATCH_PAGE_SIZE, signal).then((answer) => answer.rows),
    enabled: batch !== undefined,
    refetchInterval: (query) =>
      isLive(batch?.status) || (batch?.status === 'done' && query.state.data?.some(working))
        ? BATCH_POLL_MS
        : false,
    placeholderData: (previous) => previous,
  });
}
