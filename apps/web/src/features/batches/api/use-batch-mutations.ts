import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Batch, BatchRow } from '@redacta/shared';
import { usageKey } from '@/lib/usage-key';
import { batchAction, editBatchRow, regenerateBatchRow, type BatchAction } from './batch-api';
import { batchKeys } from './batch-keys';

/**
 * Start, pause, resume or cancel: the page shows the batch the server answered at once (the
 * controls change as the dialog that asked closes), and the batch and the workspace's list are
 * read again after.
 */
export function useBatchAction(batch: Pick<Batch, 'id' | 'workspaceId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: BatchAction) => batchAction(batch.id, action),
    onSuccess: (answer) => queryClient.setQueryData(batchKeys.detail(batch.id), answer),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: batchKeys.detail(batch.id) });
      void queryClient.invalidateQueries({ queryKey: batchKeys.list(batch.workspaceId) });
    },
  });
}

/** Writes a row the server answered into every cached page that shows it. */
function putRow(queryClient: ReturnType<typeof useQueryClient>, batchId: string, row: BatchRow) {
  queryClient.setQueriesData<BatchRow[]>({ queryKey: batchKeys.allRows(batchId) }, (rows) =>
    rows?.map((item) => (item.index === row.index ? row : item)),
  );
}

/** One output cell saved by hand; the page shows the server's row once it answers. */
export function useEditBatchRow(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: { index: number; part: string; text: string }) =>
      editBatchRow(batchId, edit.index, edit.part, edit.text),
    onSuccess: (row) => putRow(queryClient, batchId, row),
  });
}

/** One row written again: it is charged again, so the words meter is read again too. */
export function useRegenerateRow(batch: Pick<Batch, 'id' | 'workspaceId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (index: number) => regenerateBatchRow(batch.id, index),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: batchKeys.detail(batch.id) });
      void queryClient.invalidateQueries({ queryKey: usageKey(batch.workspaceId) });
    },
  });
}
