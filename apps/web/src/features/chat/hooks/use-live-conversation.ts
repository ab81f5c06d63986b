import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveConversationPart } from '@redacta/shared';
import { afterNextPaint } from '@/lib/after-next-paint';
import { isApiError } from '@/lib/api-error';
import { showProjectName } from '@/features/projects';
import { chatKeys } from '../api/chat-keys';
import { loadLiveConversationReader, openLiveConversation } from '../api/live-conversation';
import { editReply, refreshNewestPage, savingEdits } from './conversation-cache';
import { applyLivePart, withoutEndedExchange, type LiveExchange } from './live-exchanges';

/** Waits before following again after the stream broke: 1 s, 2 s, 4 s… at most 15 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** Math.max(1, attempt));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Follows the project's conversation while it is open, from the conversation's first paint on
 * (`following`): the replies in progress — anyone's, this user's other tabs' and a reply this tab was
 * showing before a reload — with their text so far, then as they grow. When one is saved the newest
 * page is read again, and the exchange gives way to the saved entries; a reply's saved style fixes
 * show wherever it is. A broken stream is followed again (the server sends the replies in progress
 * first, so nothing is missed); losing access to the project ends it, and the conversation is read
 * again to show why. A request that named the project (its first message) shows the new name here too.
 */
export function useLiveConversation(
  workspaceId: string,
  projectId: string,
  /** False while the conversation has not been drawn yet (its skeleton shows): nothing is followed. */
  following: boolean,
): LiveExchange[] {
  const queryClient = useQueryClient();
  const [exchanges, setExchanges] = useState<LiveExchange[]>([]);

  useEffect(() => {
    if (!following) return;
    const controller = new AbortController();
    const { signal } = controller;
    setExchanges([]);

    const apply = (part: LiveConversationPart) => {
      setExchanges((current) => applyLivePart(current, part));
      if (part.type === 'request' && part.reply.projectName) {
        void showProjectName(queryClient, { workspaceId, projectId, name: part.reply.projectName });
      }
      // Replies saved while this tab was not following are in the conversation by now.
      if (part.type === 'replies' && queryClient.getQueryData(chatKeys.conversation(projectId))) {
        void refreshNewestPage(queryClient, projectId);
      }
      // Someone saved a reply's style fixes: shown wherever the reply is, on any page read so far. A
      // fix this tab is still saving is newer than what the part says.
      if (part.type === 'edited' && !savingEdits(queryClient, projectId, part.entryId)) {
        const { content, ignoredFindings } = part;
        editReply(queryClient, projectId, part.entryId, { content, ignoredFindings });
      }
      if (part.type === 'end') {
        void refreshNewestPage(queryClient, projectId).then(() => {
          if (!signal.aborted) setExchanges((current) => withoutEndedExchange(current, part.userEntryId));
        });
      }
    };

    const follow = async () => {
      let attempt = 0;
      while (!signal.aborted) {
        let lost = false;
        try {
          const reader = loadLiveConversationReader();
          // Should the request fail first, nothing awaits the reader: its own failure must not go unhandled.
          reader.catch(() => {});
          const response = await openLiveConversation(projectId, signal);
          if (!response.body) throw new Error('The live conversation has no body');
          const read = await reader;
          for await (const part of read(response.body)) {
            attempt = 0;
            if (part.type === 'closed') {
              lost = true;
              break;
            }
            apply(part);
          }
        } catch (error) {
          if (signal.aborted) return;
          lost = isApiError(error) && (error.status === 404 || error.status === 401);
        }
        if (lost) {
          setExchanges([]);
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(projectId) });
          return;
        }
        attempt += 1;
        await sleep(reconnectDelayMs(attempt), signal);
      }
    };
    // Once the conversation has painted: opening the stream and loading its reader (zod comes with
    // it) would hold back its first frame, and what the stream brings comes later anyway.
    const cancelStart = afterNextPaint(() => void follow());
    return () => {
      cancelStart();
      controller.abort();
    };
  }, [following, projectId, queryClient, workspaceId]);

  return exchanges;
}
