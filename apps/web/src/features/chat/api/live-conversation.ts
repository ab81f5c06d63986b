import { api } from '@/lib/api-client';

/**
 * GET /api/project/{id}/conversation/live: the project's conversation as it happens (NDJSON, body
 * unread; read it with readLiveConversation). The timeout covers the headers only.
 */
export function openLiveConversation(projectId: string, signal: AbortSignal): Promise<Response> {
  return api.getStream(`/project/${projectId}/conversation/live`, {
    signal,
    headers: { Accept: 'application/x-ndjson' },
  });
}

/** The reader of the live conversation, fetched beside the request rather than with the chat. */
export function loadLiveConversationReader() {
  return import('./live-conversation-reader').then((module) => module.readLiveConversation);
}

/** POST /api/project/{id}/conversation/stop: stops the user's replies in progress in the project. */
export function stopReplies(projectId: string): Promise<void> {
  return api.post<void>(`/project/${projectId}/conversation/stop`, {});
}
