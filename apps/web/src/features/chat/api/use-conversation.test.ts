import { createElement, type ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { fakeApi, json } from '../../../../test/render';
import { entry, PROJECT_ID, REPLY_ID, USER_ENTRY_ID, wholeConversation } from '../test/chat-fixtures';
import { markdownRenderer } from '../components/markdown-loader';
import { chatKeys } from './chat-keys';
import {
  CONVERSATION_FRESH_MS,
  conversationQueryOptions,
  useConversation,
  type ConversationPages,
} from './use-conversation';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Starts as a first visit does: the markdown renderer (a chunk of its own) not fetched yet.
it('asked for early, a conversation brings the markdown renderer beside its request, not after it', async () => {
  let answer: ((response: Response) => void) | undefined;
  const api = fakeApi({
    [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const queryClient = new QueryClient();
  const prefetched = queryClient.prefetchInfiniteQuery(conversationQueryOptions(PROJECT_ID, true));

  await waitFor(() => expect(markdownRenderer()).not.toBeNull());
  expect(answer).toBeDefined();
  expect(queryClient.getQueryData(chatKeys.conversation(PROJECT_ID))).toBeUndefined();

  answer!(
    json(
      200,
      wholeConversation([
        entry({ id: USER_ENTRY_ID, role: 'user', content: 'Un eslogan' }),
        entry({ id: REPLY_ID, role: 'assistant', content: 'Pan **recién** hecho' }),
      ]),
    ),
  );
  await prefetched;
  const pages = queryClient.getQueryData<ConversationPages>(chatKeys.conversation(PROJECT_ID));
  expect(pages?.pages[0]?.entries.map((saved) => saved.id)).toEqual([USER_ENTRY_ID, REPLY_ID]);
});

const CONVERSATION = `GET /api/project/${PROJECT_ID}/conversation`;

/** The newest page, its text `content`, with a count of how often the server was asked for it. */
function conversationServer() {
  let content = 'Primera lectura';
  const api = fakeApi({
    [CONVERSATION]: () => json(200, wholeConversation([entry({ id: USER_ENTRY_ID, role: 'user', content })])),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return {
    reads: () => api.calls.filter((call) => call.key === CONVERSATION).length,
    change: (next: string) => {
      content = next;
    },
  };
}

function renderConversation(queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return renderHook(() => useConversation(PROJECT_ID), { wrapper });
}

const firstText = (pages: Pick<ConversationPages, 'pages'> | undefined) =>
  pages?.pages[0]?.entries[0]?.content;

it('opened right after the head start answered, the chat does not ask for the conversation again', async () => {
  const server = conversationServer();
  const queryClient = new QueryClient();
  await queryClient.prefetchInfiniteQuery(conversationQueryOptions(PROJECT_ID, true));
  server.change('Cambiada en otro sitio');

  const { result } = renderConversation(queryClient);
  expect(firstText(result.current.data)).toBe('Primera lectura');
  // Given time to ask, it does not.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(result.current.isFetching).toBe(false);
  expect(server.reads()).toBe(1);
});

it('coming back to a conversation read a while ago reads its newest page again', async () => {
  const server = conversationServer();
  const queryClient = new QueryClient();
  await queryClient.prefetchInfiniteQuery(conversationQueryOptions(PROJECT_ID, true));
  const read = queryClient.getQueryData<ConversationPages>(chatKeys.conversation(PROJECT_ID));
  queryClient.setQueryData(chatKeys.conversation(PROJECT_ID), read, {
    updatedAt: Date.now() - CONVERSATION_FRESH_MS - 1,
  });
  server.change('Cambiada en otro sitio');

  const { result } = renderConversation(queryClient);
  await waitFor(() => expect(firstText(result.current.data)).toBe('Cambiada en otro sitio'));
  expect(server.reads()).toBe(2);
});
