import type { DocumentContent } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

export interface SavedDocument {
  content: DocumentContent;
  updatedAt: string;
}

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
  const { content } = await api.get<{ content: DocumentContent }>(documentPath(projectId));
  return content;
}

/** PATCH /api/project/{id}/document; the server answers with what it stored. */
export function saveDocument(projectId: string, content: DocumentContent): Promise<SavedDocument> {
  const saving = api.patch<SavedDocument>(documentPath(projectId), { content });
  pendingSaves.set(projectId, saving);
  const forget = () => {
    if (pendingSaves.get(projectId) === saving) pendingSaves.delete(projectId);
  };
  saving.then(forget, forget);
  return saving;
}

/** Browsers cap the bodies of all pending keepalive requests together at 64 KiB. */
export const KEEPALIVE_MAX_BYTES = 64 * 1024;

/**
 * A last save while the page unloads: `keepalive` lets the request outlive the page, which the
 * normal client (with its abortable timeout and refresh retry) cannot. Returns false when the body
 * is too big for keepalive, so the caller can ask the browser to hold the page instead.
 */
export function saveDocumentOnUnload(projectId: string, content: DocumentContent): boolean {
  const body = JSON.stringify({ content });
  if (new Blob([body]).size > KEEPALIVE_MAX_BYTES) return false;
  const token = sessionStore.getAccessToken();
  void fetch(`/api${documentPath(projectId)}`, {
    method: 'PATCH',
    keepalive: true,
    credentials: 'include',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body,
  }).catch(() => undefined);
  return true;
}
