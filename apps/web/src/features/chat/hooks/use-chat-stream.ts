import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type {
  ChatStreamPart,
  ConversationEntry,
  KnowledgeCitation,
  NewChatMessageBody,
  RanTemplate,
  RegenerateReplyBody,
  WorkspaceUsage,
} from '@redacta/shared';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { showProjectName } from '@/features/projects';
import { chatKeys } from '../api/chat-keys';
import { stopReplies } from '../api/live-conversation';
import { loadChatStreamReader, openChatStream } from '../api/open-chat-stream';
import { fetchConversationPage, type ConversationPages } from '../api/use-conversation';
import { loadMarkdownRenderer } from '../components/markdown-loader';
import {
  adoptStoppedReply,
  appendEntries,
  entriesOf,
  localId,
  newEntry,
  refreshNewestPage,
  replaceReply,
  versionsOf,
} from './conversation-cache';
import { createTextRevealer } from './text-revealer';

/** The exchange on its way: the message sent (or the reply regenerated) and the reply as far as it has arrived. */
export interface PendingExchange {
  message: string;
  /** Regenerating: the reply (its shown version's id) the new one replaces; no new message is shown. */
  regenerates: string | null;
  reply: string;
  /** The server has saved the request and the model has started answering. */
  started: boolean;
  /** The request's saved entry, once the reply has started. */
  userEntryId: string | null;
  /** The offline demo writer answers. */
  demo: boolean;
  /** The knowledge passages the reply cites as [n] (the stream names them before the text). */
  sources: KnowledgeCitation[];
  /** Several versions asked for: each one as far as it has arrived (`reply` stays empty). */
  versions?: VersionDraft[] | null;
  /** A template run from the composer: the template as it runs, whose parts the reply comes in. */
  template?: RanTemplate;
}

/** One version of a reply written side by side with others. */
export interface VersionDraft {
  text: string;
  /** Its saved entry, once its last part arrived (none when it failed before its first word). */
  messageId: string | null;
  wordsCharged: number;
  status: ConversationEntry['status'] | null;
}

/** Versions just written side by side, offered to choose from until one is used or a new message goes. */
export interface VersionChoice {
  userEntryId: string;
  versions: VersionDraft[];
}

/** The composer's writing controls, sent with a new message and with Regenerate alike. */
type ControlField = 'tone' | 'length' | 'language';

/** A new message (a template run's among them), or the last reply regenerated (its request answered again by the server). */
export type ChatSendInput =
  | Pick<
      NewChatMessageBody,
      | 'message'
      | 'brandVoiceId'
      | 'promptId'
      | 'liveSearch'
      | 'useKnowledge'
      | ControlField
      | 'variants'
      | 'template'
    >
  | Pick<RegenerateReplyBody, 'regenerate' | 'brandVoiceId' | 'useKnowledge' | ControlField>;

interface ChatStreamOptions {
  workspaceId: string;
  projectId: string;
  /**
   * 403 (no words left in the month, or in the member's budget: `budgetUsed`): nothing was saved; the
   * caller shows the out-of-words state (and gets a new message back).
   */
  onOutOfWords: (message: string | null, budgetUsed: boolean) => void;
  /** A new message failed before any reply: the caller may give it back to the composer. */
  onNoReply: (message: string) => void;
  /** The stream says the offline demo writer answers. */
  onDemo: () => void;
}

/** The status a reply (or a version) is saved with, by the part its stream ends with. */
const endingStatus = {
  finish: 'complete',
  error: 'failed',
  aborted: 'aborted',
} as const satisfies Record<string, ConversationEntry['status']>;

interface Ending {
  status: ConversationEntry['status'];
  messageId?: string;
  wordsCharged?: number;
}

/**
 * The chat stream: text arrives in parts that are appended as they come (bursts drawn over a few
 * frames, see createTextRevealer); stopping asks the server to stop the model and aborts the fetch,
 * silently, keeping the partial reply. Closing the stream alone does not stop the reply: leaving the
 * project lets it go on, and a stream that breaks after the reply started leaves it to the live
 * conversation (useLiveConversation), which follows it to its end; a 403 goes to the out-of-words state; other failures toast
 * "Fallo al generar respuesta" and keep what arrived. After the reply ends, the remaining words are
 * fetched again. A regenerated reply takes the place of the one it replaces, which stays as an
 * earlier version. When the first message names the project, the header and the project lists
 * learn the name.
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
  const [choice, setChoice] = useState<VersionChoice | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  /** Why the fetch was aborted: the user stopped the reply, or this view went away and left it running. */
  const abortReasonRef = useRef<'stop' | 'leave' | null>(null);
  const callbacks = useRef({ onOutOfWords, onNoReply, onDemo });
  callbacks.current = { onOutOfWords, onNoReply, onDemo };

  // Leaving the project (or the page) lets the reply go on: only this view stops reading it.
  useEffect(
    () => () => {
      abortReasonRef.current = 'leave';
      controllerRef.current?.abort();
    },
    [],
  );

  const learnName = useCallback(
    (name: string) => {
      void showProjectName(queryClient, { workspaceId, projectId, name });
    },
    [projectId, queryClient, workspaceId],
  );
  const cachedReply = useCallback(
    (id: string) =>
      entriesOf(queryClient.getQueryData<ConversationPages>(chatKeys.conversation(projectId))).find(
        (entry) => entry.id === id,
      ),
    [projectId, queryClient],
  );

  const send = useCallback(
    /** `template`: the template a new message runs, as the dialog knows it (its parts), for its reply on its way. */
    async (input: ChatSendInput, template?: RanTemplate) => {
      if (controllerRef.current) return;
      const controller = new AbortController();
      controllerRef.current = controller;
      abortReasonRef.current = null;
      // The reply will be drawn as markdown: its renderer loads while the server starts answering.
      void loadMarkdownRenderer();
      const regenerates = 'regenerate' in input ? input.regenerate.entryId : null;
      const message = 'message' in input ? input.message.trim() : '';
      let demo = false;
      let userEntryId: string | null = null;
      let sources: KnowledgeCitation[] = [];
      let versions: VersionDraft[] | null = null;
      const show = (reply: string, started: boolean) =>
        setPending({
          message,
          regenerates,
          reply,
          started,
          demo,
          userEntryId,
          sources,
          versions,
          ...(template ? { template } : {}),
        });
      setChoice(null);
      show('', false);
      // Each charge moves the allowance meter at once, without waiting for the usage to be read again.
      const charged = (remaining: number | null) => {
        if (remaining === null) return;
        queryClient.setQueryData<WorkspaceUsage>(chatKeys.usage(workspaceId), (usage) =>
          usage && usage.limit !== null ? { ...usage, remaining, wordCount: usage.limit - remaining } : usage,
        );
      };
      const onVersionPart = (part: ChatStreamPart & { variant?: number }) => {
        if (!versions || part.variant === undefined) return false;
        const index = part.variant;
        versions = versions.map((version, i) => {
          if (i !== index) return version;
          if (part.type === 'text') return { ...version, text: version.text + part.text };
          if (part.type === 'finish' || part.type === 'error' || part.type === 'aborted') {
            charged(part.remaining);
            return {
              ...version,
              messageId: part.messageId,
              wordsCharged: part.wordsCharged,
              status: endingStatus[part.type],
            };
          }
          return version;
        });
        show('', true);
        return true;
      };

      const revealer = createTextRevealer((reply) => show(reply, true));
      let ending: Ending | null = null;
      let failedEarly = false;
      let handedOver = false;
      try {
        const body = 'message' in input ? { ...input, message } : input;
        const reader = loadChatStreamReader();
        // Should the request fail first, nothing awaits the reader: its own failure must not go unhandled.
        reader.catch(() => {});
        const response = await openChatStream({ ...body, workspaceId, projectId }, controller.signal);
        if (!response.body) throw new Error('The chat stream has no body');
        const readChatStream = await reader;
        for await (const part of readChatStream(response.body)) {
          if (onVersionPart(part)) continue;
          if (part.type === 'start') {
            userEntryId = part.userEntryId;
            demo = part.demo;
            if (part.variants) {
              versions = Array.from({ length: part.variants }, () => ({
                text: '',
                messageId: null,
                wordsCharged: 0,
                status: null,
              }));
            }
            if (part.demo) callbacks.current.onDemo();
            if (part.projectName) learnName(part.projectName);
            show('', true);
          } else if (part.type === 'sources') {
            // Shown with the reply's first text, which follows.
            sources = part.sources;
          } else if (part.type === 'text') {
            revealer.push(part.text);
          } else if (part.type === 'finish' || part.type === 'error' || part.type === 'aborted') {
            charged(part.remaining);
            ending = {
              status: endingStatus[part.type],
              messageId: part.messageId ?? undefined,
              wordsCharged: part.wordsCharged,
            };
          }
        }
        if (versions) ending = versionsEnding(versions);
        if (!ending) throw new Error('The chat stream ended without its final part');
        await revealer.settled();
        if (ending.status === 'failed') toast.error(t('chat.failed'));
      } catch (error) {
        revealer.flush();
        if (controller.signal.aborted && abortReasonRef.current === 'leave') {
          handedOver = true;
        } else if (controller.signal.aborted) {
          ending = { status: 'aborted' };
        } else if (userEntryId && !isApiError(error)) {
          // The connection broke mid-reply: the reply goes on, and the live conversation shows it.
          handedOver = true;
        } else if (isApiError(error) && error.status === 403) {
          callbacks.current.onOutOfWords(
            regenerates ? null : message,
            error.code === 'MEMBER_BUDGET_EXHAUSTED',
          );
        } else {
          // A full storage or replies still in progress are the user's to act on: say which.
          const actionable = isApiError(error) && (error.status === 413 || error.status === 429);
          toast.error(actionable ? errorMessage(t, error, { fallbackKey: 'chat.failed' }) : t('chat.failed'));
          ending = { status: 'failed' };
          failedEarly = userEntryId === null;
        }
      } finally {
        controllerRef.current = null;
      }
      if (handedOver) {
        setPending(null);
        return;
      }

      const reply = versions ? versionsShown(versions) : revealer.received;
      if (ending && versions && userEntryId) {
        const saved = versions.filter((version) => version.messageId !== null);
        if (saved.length > 1 && !controller.signal.aborted) setChoice({ userEntryId, versions });
      }
      if (ending) {
        const replyId = ending.messageId ?? localId();
        const answer =
          reply || ending.messageId
            ? newEntry({
                id: replyId,
                role: 'assistant',
                content: reply,
                status: ending.status,
                wordsCharged: ending.wordsCharged ?? 0,
                demo,
                ...(sources.length > 0 ? { sources } : {}),
                versions: versions ? savedVersions(versions, demo) : [],
              })
            : null;
        let earlierIds: string[] | undefined;
        if (regenerates) {
          // Nothing was saved without a reply: the reply regenerated stays as it was.
          if (answer) {
            const replaced = cachedReply(regenerates);
            earlierIds = replaced ? versionsOf(replaced).map((version) => version.id) : [regenerates];
            replaceReply(queryClient, projectId, regenerates, answer);
          }
        } else if (!failedEarly) {
          const asked = newEntry({
            id: userEntryId ?? localId(),
            role: 'user',
            content: message,
            promptId: ('promptId' in input && input.promptId) || null,
            liveSearch: ('liveSearch' in input && input.liveSearch) || false,
            // Its reply keeps its parts until the conversation is read again.
            ...(template ? { template } : {}),
          });
          appendEntries(queryClient, projectId, answer ? [asked, answer] : [asked]);
        }
        if (ending.status !== 'aborted') {
          void refreshNewestPage(queryClient, projectId);
        } else if (userEntryId && reply) {
          // A stopped reply is saved after the connection closes: reloading now could miss it.
          void adoptStoppedReply(
            queryClient,
            projectId,
            { userEntryId, localReplyId: replyId, earlierIds },
            () => fetchConversationPage(projectId, null),
          );
        }
      }
      void queryClient.invalidateQueries({ queryKey: chatKeys.usage(workspaceId) });
      if (failedEarly && !regenerates) callbacks.current.onNoReply(message);
      setPending(null);
    },
    [cachedReply, learnName, projectId, queryClient, t, workspaceId],
  );

  const stop = useCallback(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    abortReasonRef.current = 'stop';
    // The server stops the reply when asked (from here or any tab); should the request fail, the reply
    // goes on and the live conversation shows it.
    stopReplies(projectId).catch(() => {});
    controller.abort();
  }, [projectId]);

  const clearChoice = useCallback(() => setChoice(null), []);
  return { pending, streaming: pending !== null, send, stop, choice, clearChoice };
}

/**
 * Versions end like one reply: the server shows the last one it saved; a stream with no version
 * saved failed.
 */
function versionsEnding(versions: VersionDraft[]): Ending | null {
  const shown = versions.findLast((version) => version.messageId !== null);
  if (!shown) return null;
  return {
    status: shown.status ?? 'complete',
    messageId: shown.messageId!,
    wordsCharged: shown.wordsCharged,
  };
}

function versionsShown(versions: VersionDraft[]): string {
  return versions.findLast((version) => version.messageId !== null)?.text ?? '';
}

/** The saved versions as the conversation lists them (the server saves them in order). */
function savedVersions(versions: VersionDraft[], demo: boolean) {
  return versions.flatMap((version) =>
    version.messageId === null
      ? []
      : [
          {
            id: version.messageId,
            content: version.text,
            status: version.status ?? 'complete',
            model: null,
            demo,
            wordsCharged: version.wordsCharged,
            createdAt: new Date().toISOString(),
            reaction: null,
          },
        ],
  );
}
