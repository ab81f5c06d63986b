import type { DocumentContent, DocumentResponse, UpdateDocumentResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

export const documentKey = (projectId: string) => ['project', projectId, 'document'] as const;

const documentPath = (projectId: string) => `/project/${encodeURIComponent(projectId)}/document`;

/** Saves still on their way, per project: a reopened project must not read what they replace. */
const pendingSaves = new Map<string, Promise<unknown>>();

/**
 * GET /api/project/{id}/document: the ProseMirror JSON kept beside the chat. Waits for a save of
 * the same project sent just before (leaving it and coming straight back).
 */
export async function fetchDocument(projectId: string): Promise<DocumentContent> {
  await pendingSaves.get(projectId)?.catch(() => undefined);
  const { content } = await api.get<DocumentResponse>(documentPath(projectId));
  // The server checked the content as a document when it was saved; it answers it as stored.
  return content as DocumentContent;
}

/** PATCH /api/project/{id}/document; the server answers with what it stored. */
export function saveDocument(projectId: string, content: DocumentContent): Promise<UpdateDocumentResponse> {
  const saving = api.patch<UpdateDocumentResponse>(documentPath(projectId), { content });
  pendingSaves.set(projectId, saving);
  const forget = () => {
    if (pendingSaves.get(projectId) === saving) pendingSaves.delete(projectId);
  };
  saving.then(forget, forget);
  return saving;
}

/** Browsers cap the bodies of all pending keepalive requests together at 64 KiB. */
export const KEEPALIVE_MAX_BYTES = 64 * 1024;

/** Whether the access token is good for a few more seconds (its `exp`), without asking the server. */
function usableToken(token: string | null): token is string {
  if (!token) return false;
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: number };
    return typeof exp === 'number' && exp * 1000 > Date.now() + 5000;
  } catch {
    return false;
  }
}

/**
 * A last save while the page unloads: `keepalive` lets the request outlive the page, which the
 * normal client (with its abortable timeout and refresh retry) cannot. Returns false when it cannot
 * work (a body too big for keepalive, an access token about to expire with no time to refresh it),
 * so the caller can ask the browser to hold the page instead.
 */
export function saveDocumentOnUnload(projectId: string, content: DocumentContent): boolean {
  const body = JSON.stringify({ content });
  const token = sessionStore.getAccessToken();
  if (new Blob([body]).size > KEEPALIVE_MAX_BYTES || !usableToken(token)) return false;
  void fetch(`/api${documentPath(projectId)}`, {
    method: 'PATCH',
    keepalive: true,
    credentials: 'include',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    },
    body,
  }).catch(() => undefined);
  return true;
}
