import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import type { ChatStreamPart, ConversationEntry, LiveConversationPart } from '@redacta/shared';
import { type ApiHandler, json } from '../../../../test/render';
import { renderInSession } from '../../../../test/session';
import {
  me,
  PROJECT_ID,
  projectFixture,
  usageFixture,
  WORKSPACE_ID,
  workspaceFixture,
} from '../../../../test/fixtures';
import { loadEditorModule } from '../../document/editor/load-editor';

export { PROJECT_ID, projectFixture, WORKSPACE_ID };

// The chat loads the document's editor (a lazy chunk) when it opens a project. Loaded once before the
// tests, it cannot still be importing when the last test has torn the environment down.
beforeAll(async () => {
  await loadEditorModule();
});
/**
 * jsdom lays nothing out: every element is 0 px high, and the conversation's virtualized feed would
 * see a scroller without room for any entry. The scroller gets a screen's height; entries stay 0 px,
 * so every entry of a test's conversation fits on that screen and is drawn.
 */
const SCREEN_HEIGHT_PX = 800;
const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
beforeEach(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.hasAttribute('data-chat-scroller') ? SCREEN_HEIGHT_PX : clientHeight.get!.call(this);
    },
  });
});
afterEach(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', clientHeight);
});

export const USER_ENTRY_ID = '33333333-3333-4333-8333-333333333333';
export const REPLY_ID = '44444444-4444-4444-8444-444444444444';

/** This month's words: `remaining` of Free's 2,000, or none counted against a Pro plan (null). */
function usage(remaining: number | null) {
  const plan = remaining === null ? 'pro_yearly' : 'free';
  return usageFixture(plan, { wordCount: remaining === null ? 10 : 2000 - remaining, remaining });
}

function workspace(remaining: number | null, newestProjectId: string | null) {
  const plan = remaining === null ? 'pro_yearly' : 'free';
  return workspaceFixture({ plan, userSeats: 0, usage: usage(remaining), newestProjectId });
}

/** A conversation that fits in one page, as `GET /project/{id}/conversation` answers it. */
export function wholeConversation(entries: ConversationEntry[], projectId = PROJECT_ID) {
  return { projectId, entries, hasMore: false, nextCursor: null };
}

/** A project and its empty conversation as the server answers them for `id`. */
export function projectRoutes(
  id: string,
  fields: Partial<typeof projectFixture> = {},
): Record<string, ApiHandler> {
  return {
    [`GET /api/project/${id}`]: () => json(200, { ...projectFixture, id, ...fields }),
    [`GET /api/project/${id}/conversation`]: () => json(200, wholeConversation([], id)),
    [`GET /api/project/${id}/conversation/live`]: (_body, init) => quietLiveConversation(init.signal),
  };
}

export function entry(
  fields: Partial<ConversationEntry> & Pick<ConversationEntry, 'id' | 'role' | 'content'>,
) {
  return {
    status: 'complete' as const,
    author: null,
    model: fields.role === 'assistant' ? 'demo' : null,
    wordsCharged: 0,
    createdAt: '2026-11-02T10:00:00Z',
    reaction: null,
    promptId: null,
    liveSearch: false,
    demo: false,
    versions: [],
    ...fields,
  };
}

/**
 * A chat stream the test feeds part by part, as the server would: an NDJSON body that errors like a
 * real fetch body when the request is aborted.
 */
export function controlledStream(signal: AbortSignal | null | undefined) {
  return partStream<ChatStreamPart>(signal);
}

/** The live conversation's body, written part by part like controlledStream. */
export function liveConversationStream(signal: AbortSignal | null | undefined) {
  return partStream<LiveConversationPart>(signal);
}

function partStream<Part>(signal: AbortSignal | null | undefined) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => {
    try {
      controller.error(new DOMException('The operation was aborted.', 'AbortError'));
    } catch {
      /* already closed */
    }
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
    push: (part: Part) => controller.enqueue(encoder.encode(`${JSON.stringify(part)}\n`)),
    close: () => controller.close(),
    /** The connection breaks: the body's reader fails. */
    error: (reason: Error) => controller.error(reason),
  };
}

/** A live conversation with no reply in progress, open until the client leaves. */
export function quietLiveConversation(signal: AbortSignal | null | undefined) {
  const stream = liveConversationStream(signal);
  stream.push({ type: 'replies', replies: [] });
  return stream.response;
}

/**
 * The signed-in session around `element` at `path`, against a fake API answering by "METHOD /path";
 * the workspace list names `newestProjectId` as the project /chat opens when none is chosen.
 */
export function renderChat(
  element: ReactElement,
  handlers: Record<string, ApiHandler> = {},
  {
    path = `/chat?project=${PROJECT_ID}`,
    remaining = 1990 as number | null,
    newestProjectId = null as string | null,
  } = {},
) {
  return renderInSession(
    [{ path: '/chat', element }],
    {
      'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
      'GET /api/workspace/list': () => json(200, [workspace(remaining, newestProjectId)]),
      ...projectRoutes(PROJECT_ID),
      [`GET /api/workspace/${WORKSPACE_ID}/usage`]: () => json(200, usage(remaining)),
      [`GET /api/workspace/${WORKSPACE_ID}/gpt-4/status`]: () =>
        json(200, {
          isGpt4TurnedOn: false,
          available: remaining === null,
          modelLabel: 'GPT-4.1',
          activeModelLabel: 'GPT-4.1 mini',
          demo: false,
          setupHelp: false,
        }),
      [`GET /api/brand-voice/workspace/${WORKSPACE_ID}`]: () => json(200, []),
      ...handlers,
    },
    { initialPath: path, note: (init) => ({ signal: init.signal }) },
  );
}
