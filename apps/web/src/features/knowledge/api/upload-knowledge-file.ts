import type { KnowledgeCreated } from '@redacta/shared';
import { ApiError, parseErrorResponse } from '@/lib/api-error';
import { refreshSession } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

/**
 * One multipart POST through XMLHttpRequest, the only browser API that reports how much of a request
 * body has been sent (fetch reports nothing until the answer).
 */
function sendOnce(
  path: string,
  file: File,
  token: string | null,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        contentType: xhr.getResponseHeader('content-type') ?? '',
      }),
    );
    xhr.addEventListener('error', () => reject(new ApiError('NETWORK', 0, 'The upload could not be sent')));
    xhr.addEventListener('abort', () => reject(new ApiError('ABORTED', 0, 'The upload was cancelled')));
    const onAbort = () => xhr.abort();
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

/**
 * POST /api/workspace/{id}/knowledge (multipart, field `file`) → 201 `{id, name, status}`, telling
 * `onProgress` how much of the file has gone. An expired session is renewed once and the file sent
 * again, as the API client does for its own requests; a refusal becomes an ApiError with our codes.
 */
export async function uploadKnowledgeFile(
  workspaceId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<KnowledgeCreated> {
  const path = `/workspace/${encodeURIComponent(workspaceId)}/knowledge`;
  let answer = await sendOnce(path, file, sessionStore.getAccessToken(), onProgress, signal);
  if (answer.status === 401) {
    await refreshSession().catch(() => {
      throw new ApiError('UNAUTHENTICATED', 401, 'The session has ended');
    });
    answer = await sendOnce(path, file, sessionStore.getAccessToken(), onProgress, signal);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw await parseErrorResponse(
      new Response(answer.text || null, {
        status: answer.status,
        headers: { 'content-type': answer.contentType },
      }),
    );
  }
  return JSON.parse(answer.text) as KnowledgeCreated;
}
