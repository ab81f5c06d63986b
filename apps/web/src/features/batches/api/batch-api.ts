import type {
  Batch,
  BatchMapping,
  BatchRow,
  BatchRowsResponse,
  CreatedBatch,
  TemplateListResponse,
} from '@redacta/shared';
import { api } from '@/lib/api-client';

const workspacePath = (workspaceId: string) => `/workspace/${encodeURIComponent(workspaceId)}`;
const batchPath = (batchId: string) => `/batch/${encodeURIComponent(batchId)}`;

/** A file of up to 5 MB read and checked by the server: more time than a plain request. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** GET /api/workspace/{id}/batches: the workspace's batches, newest first. */
export function fetchBatches(workspaceId: string, signal?: AbortSignal) {
  return api.get<{ batches: Batch[] }>(`${workspacePath(workspaceId)}/batches`, { signal });
}

/** GET /api/batch/{id}: 404 when it does not exist or belongs to another workspace. */
export function fetchBatch(batchId: string, signal?: AbortSignal) {
  return api.get<Batch>(batchPath(batchId), { signal });
}

/** GET /api/batch/{id}/rows: one page of rows, by index. */
export function fetchBatchRows(batchId: string, offset: number, limit: number, signal?: AbortSignal) {
  return api.get<BatchRowsResponse>(`${batchPath(batchId)}/rows?offset=${offset}&limit=${limit}`, {
    signal,
  });
}

/**
 * POST /api/workspace/{id}/batches (multipart: `file`, `templateId`, optional `mapping`) → 201 a
 * draft batch with the columns matched, the rows with problems, the first prompts and the estimate.
 */
export function createBatch(
  workspaceId: string,
  input: { file: File; templateId: string; mapping?: BatchMapping },
): Promise<CreatedBatch> {
  const form = new FormData();
  form.append('templateId', input.templateId);
  if (input.mapping) form.append('mapping', JSON.stringify(input.mapping));
  form.append('file', input.file, input.file.name);
  return api.post<CreatedBatch>(`${workspacePath(workspaceId)}/batches`, form, {
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/** PATCH /api/batch/{id} on a draft: another mapping, or whether rows with a missing field are skipped. */
export function updateDraft(batchId: string, body: { mapping?: BatchMapping; skipInvalid?: boolean }) {
  return api.patch<CreatedBatch>(batchPath(batchId), body);
}

export type BatchAction = 'start' | 'pause' | 'resume' | 'cancel';

/** POST /api/batch/{id}/start|pause|resume|cancel → the batch as it now is. */
export function batchAction(batchId: string, action: BatchAction) {
  return api.post<Batch>(`${batchPath(batchId)}/${action}`);
}

/** PATCH /api/batch/{id}/row/{index}: one output part edited by hand. */
export function editBatchRow(batchId: string, index: number, part: string, text: string) {
  return api.patch<BatchRow>(`${batchPath(batchId)}/row/${index}`, { part, text });
}

/** POST /api/batch/{id}/row/{index}/regenerate: the row written again (and charged again). */
export function regenerateBatchRow(batchId: string, index: number) {
  return api.post<BatchRow>(`${batchPath(batchId)}/row/${index}/regenerate`);
}

/** GET /api/batch/{id}/export?format=csv|xlsx: the file, read whole. */
export async function fetchBatchExport(batchId: string, format: 'csv' | 'xlsx'): Promise<Blob> {
  const response = await api.getStream(`${batchPath(batchId)}/export?format=${format}`, {
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  return response.blob();
}

/** GET /api/workspace/{id}/templates: the built-in templates, then the workspace's own. */
export function fetchTemplates(workspaceId: string, signal?: AbortSignal) {
  return api.get<TemplateListResponse>(`${workspacePath(workspaceId)}/templates`, { signal });
}
