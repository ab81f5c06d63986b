import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { readChatStream, type ConversationEntry, type SendChatRequestBody } from '@redacta/shared';
import { isApiError } from '@/lib/api-error';
import { chatKeys } from '../api/chat-keys';
import { openChatStream } from '../api/open-chat-stream';
import { fetchConversation } from '../api/use-conversation';
import { adoptStoppedReply, appendEntries, localId, newEntry } from './conversation-cache';
import { createTextRevealer } from './text-revealer';

/** The exchange on its way: the message sent and the reply as far as it has arrived. */
export interface PendingExchange {
  message: string;
  reply: string;
  /** The server has saved the request and the model has started answering. */
  started: boolean;
}

export type ChatSendInput = Pick<SendChatRequestBody, 'message' | 'brandVoiceId' | 'promptId' | 'liveSearch'>;

interface ChatStreamOptions {
  workspaceId: string;
  projectId: string;
  /** 403 (no words left): nothing was saved; the caller shows the out-of-words state. */
  onOutOfWords: (message: string) => void;
  /** The request failed before any reply: the caller may give the message back to the composer. */
  onNoReply: (message: string) => void;
  /** The stream says the offline demo writer answers. */
  onDemo: () => void;
}

interface Ending {
  status: ConversationEntry['status'];
  messageId?: string;
  wordsCharged?: number;
}

/**
 * Spec §4 chat stream: text arrives in parts that are appended as they come (bursts drawn over a
 * few frames, see createTextRevealer); stopping aborts the
 * fetch (the server stops the model) and stays silent, keeping the partial reply; a 403 goes to the
 * out-of-words state; other failures toast "Fallo al generar respuesta" and keep what arrived. After
 * the reply ends, the remaining words are fetched again.
 */
export function useChatStream({
  workspaceId,
  projectId,
  onOutOfWords,
  onNoReply,
  onDemo,
}: ChatStreamOptions) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingExchange | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const callbacks = useRef({ onOutOfWords, onNoReply, onDemo });
  callbacks.current = { onOutOfWords, onNoReply, onDemo };

  // Leaving the project (or the page) stops the reply: the server keeps what was written.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const send = useCallback(
    async (input: ChatSendInput) => {
      if (controllerRef.current) return;
      const controller = new AbortController();
      controllerRef.current = controller;
      const message = input.message.trim();
      setPending({ message, reply: '', started: false });

      let userEntryId: string | null = null;
      const revealer = createTextRevealer((reply) => setPending({ message, reply, started: true }));
      let ending: Ending | null = null;
      let failedEarly = false;
      try {
        const response = await openChatStream(
          { ...input, message, workspaceId, projectId },
          controller.signal,
        );
        if (!response.body) throw new Error('The chat stream has no body');
        for await (const part of readChatStream(response.body)) {
          if (part.type === 'start') {
            userEntryId = part.userEntryId;
            if (part.demo) callbacks.current.onDemo();
            setPending({ message, reply: '', started: true });
          } else if (part.type === 'text') {
            revealer.push(part.text);
          } else {
            ending = {
              status: part.type === 'finish' ? 'complete' : 'failed',
              messageId: part.messageId,
              wordsCharged: part.wordsCharged,
            };
          }
        }
        if (!ending) throw new Error('The chat stream ended without its final part');
        await revealer.settled();
        if (ending.status === 'failed') toast.error(t('chat.failed'));
      } catch (error) {
        revealer.flush();
        if (controller.signal.aborted) {
          ending = { status: 'aborted' };
        } else if (isApiError(error) && error.status === 403) {
          callbacks.current.onOutOfWords(message);
        } else {
          toast.error(t('chat.failed'));
          ending = { status: 'failed' };
          failedEarly = userEntryId === null;
        }
      } finally {
        controllerRef.current = null;
      }

      const reply = revealer.received;
      if (ending) {
        const entries = [
          newEntry({
            id: userEntryId ?? localId(),
            role: 'user',
            content: message,
            promptId: input.promptId ?? null,
            liveSearch: input.liveSearch ?? false,
          }),
        ];
        const replyId = ending.messageId ?? localId();
        if (reply || ending.messageId) {
          entries.push(
            newEntry({
              id: replyId,
              role: 'assistant',
              content: reply,
              status: ending.status,
              wordsCharged: ending.wordsCharged ?? 0,
            }),
          );
        }
        if (!failedEarly) appendEntries(queryClient, projectId, entries);
        if (ending.status !== 'aborted') {
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(projectId) });
        } else if (userEntryId && reply) {
          // A stopped reply is saved after the connection closes: reloading now could miss it.
          void adoptStoppedReply(queryClient, projectId, { userEntryId, localReplyId: replyId }, () =>
            fetchConversation(projectId),
          );
        }
      }
      void queryClient.invalidateQueries({ queryKey: chatKeys.usage(workspaceId) });
      if (failedEarly) callbacks.current.onNoReply(message);
      setPending(null);
    },
    [projectId, queryClient, t, workspaceId],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return { pending, streaming: pending !== null, send, stop };
}
