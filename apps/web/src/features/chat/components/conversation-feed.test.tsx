import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationEntry } from '@redacta/shared';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { ChatSession } from './chat-session';
import { controlledStream, entry, PROJECT_ID, renderChat, WORKSPACE_ID } from '../test/chat-fixtures';
import { feedRows, PENDING_REPLY_KEY, PENDING_REQUEST_KEY } from './feed-rows';

const CONVERSATION = `GET /api/project/${PROJECT_ID}/conversation`;
const OLDER = `${CONVERSATION}?before=older-cursor`;
const SEND = 'POST /api/chat/send-request-stream';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function exchange(n: number): ConversationEntry[] {
  return [
    entry({ id: id(2 * n), role: 'user', content: `Petición ${n}` }),
    entry({ id: id(2 * n + 1), role: 'assistant', content: `Respuesta ${n}` }),
  ];
}
const exchanges = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => exchange(from + i)).flat();

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

/** The chat as the app lays it out: a control of the page's header before it. */
function SessionInPage() {
  return (
    <>
      <header>
        <button type="button">Nuevo proyecto</button>
      </header>
      <Session />
    </>
  );
}

/**
 * A conversation of two pages: exchanges 2–3 first (with a cursor), then 0–1 for that cursor;
 * `later` answers the newest page's later reads (the live conversation reads it once it opens).
 */
function renderTwoPages(
  older: () => Response | Promise<Response> = () => json(200, page(0, 2, null)),
  later?: () => Response,
) {
  const newest = exchanges(2, 4);
  const streams: ReturnType<typeof controlledStream>[] = [];
  let reads = 0;
  const rendered = renderChat(<SessionInPage />, {
    [CONVERSATION]: () =>
      (reads += 1) > 1 && later
        ? later()
        : json(200, { projectId: PROJECT_ID, entries: newest, hasMore: true, nextCursor: 'older-cursor' }),
    [OLDER]: older,
    [SEND]: (_body, init) => {
      const stream = controlledStream(init.signal);
      streams.push(stream);
      return stream.response;
    },
  });
  return { ...rendered, newest, streams };
}

/**
 * Two pages whose older one fails first. The live conversation's read of the newest page, once in,
 * clears a failed older page, which is then asked for again: so the older page answers only after
 * that read is shown (it brings exchange 4, saved meanwhile), or the failure the test looks at
 * could vanish under it, at whatever moment the read lands.
 */
async function renderWithOlderFailing(older: () => Response | Promise<Response>) {
  let liveReadShown!: () => void;
  const afterLiveRead = new Promise<void>((resolve) => (liveReadShown = resolve));
  const rendered = renderTwoPages(
    async () => {
      await afterLiveRead;
      return older();
    },
    () => json(200, page(2, 5, 'older-cursor')),
  );
  await screen.findByText('Respuesta 4');
  liveReadShown();
  return rendered;
}

function page(from: number, to: number, nextCursor: string | null) {
  return { projectId: PROJECT_ID, entries: exchanges(from, to), hasMore: nextCursor !== null, nextCursor };
}

const feed = () => screen.getByRole('feed', { name: 'Conversación' });
const articles = () => within(feed()).getAllByRole('article');

beforeEach(startSignedOut);

describe('the conversation feed', () => {
  it('reads the older page and shows it above the newer one, each entry an article with its place in the feed', async () => {
    const { callsTo } = renderTwoPages();
    await waitFor(() => expect(articles()).toHaveLength(8));
    expect(callsTo(OLDER)).toHaveLength(1);
    // The replies' text shows once the markdown renderer is in (a lazy module: slow under load).
    await waitFor(() =>
      expect(articles().map((article) => article.textContent)).toEqual(
        [
          'Petición 0',
          'Respuesta 0',
          'Petición 1',
          'Respuesta 1',
          'Petición 2',
          'Respuesta 2',
          'Petición 3',
          'Respuesta 3',
        ].map((text) => expect.stringContaining(text) as unknown as string),
      ),
    );
    // Everything is read now: the feed knows its size.
    articles().forEach((article, index) => {
      expect(article).toHaveAttribute('aria-posinset', String(index + 1));
      expect(article).toHaveAttribute('aria-setsize', '8');
      expect(article).toHaveAttribute('tabindex', '0');
    });
    expect(articles()[0]).toHaveAttribute('data-entry-id', id(0));
    expect(articles()[1]).toHaveAccessibleName('Respuesta de la IA');
    expect(articles()[0]).toHaveAccessibleName('Tu mensaje');
    // Only the conversation's last reply may be regenerated, whichever page the others came from.
    expect(screen.getAllByRole('button', { name: 'Regenerar' })).toHaveLength(1);
    expect(within(articles()[7]!).getByRole('button', { name: 'Regenerar' })).toBeInTheDocument();
  });

  it('after a reply reads only the newest page again, keeping the older entries shown', async () => {
    const { callsTo, streams, newest } = renderTwoPages();
    await waitFor(() => expect(articles()).toHaveLength(8));
    // The live conversation reads the newest page once as it opens.
    await waitFor(() => expect(callsTo(CONVERSATION)).toHaveLength(2));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Mensaje' }), 'Petición 4{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    stream.push({ type: 'start', userEntryId: id(8), model: 'Demo', demo: false });
    stream.push({ type: 'text', text: 'Respuesta 4' });
    newest.push(...exchange(4));
    stream.push({ type: 'finish', messageId: id(9), wordsCharged: 2, remaining: 1988 });
    stream.close();
    await waitFor(() => expect(callsTo(CONVERSATION)).toHaveLength(3));
    await waitFor(() => expect(articles()[9]).toHaveAttribute('data-entry-id', id(9)));
    // A saved reply's text shows once the markdown renderer is in (a lazy module: slow under load).
    await waitFor(() => expect(articles()[9]).toHaveTextContent('Respuesta 4'));
    expect(articles()).toHaveLength(10);
    expect(articles()[0]).toHaveTextContent('Petición 0');
    expect(callsTo(OLDER)).toHaveLength(1);
    expect(callsTo(`GET /api/workspace/${WORKSPACE_ID}/usage`).length).toBeGreaterThan(0);
  });

  it('says when the older page failed, keeps what is shown, and tries again on request', async () => {
    let fail = true;
    const { callsTo } = await renderWithOlderFailing(() =>
      fail ? json(500, { error: { code: 'INTERNAL', message: 'boom' } }) : json(200, page(0, 2, null)),
    );
    const retry = await screen.findByRole('button', {
      name: /No se pudieron cargar los mensajes anteriores/,
    });
    expect(articles()).toHaveLength(6);
    expect(articles()[0]).toHaveTextContent('Petición 2');
    expect(articles()[0]).toHaveAttribute('aria-setsize', '-1');
    expect(screen.getAllByText('No se pudieron cargar los mensajes anteriores').length).toBeGreaterThan(0);
    expect(callsTo(OLDER)).toHaveLength(1);
    fail = false;
    await userEvent.click(retry);
    await waitFor(() => expect(articles()).toHaveLength(10));
    expect(articles()[0]).toHaveTextContent('Petición 0');
    expect(callsTo(OLDER)).toHaveLength(2);
  });
});

describe('the conversation feed from the keyboard', () => {
  it('leaves the feed with Ctrl+End for the composer and with Ctrl+Home for the control before it', async () => {
    renderTwoPages();
    await waitFor(() => expect(articles()).toHaveLength(8));
    const composer = screen.getByRole('textbox', { name: 'Mensaje' });
    const header = screen.getByRole('button', { name: 'Nuevo proyecto' });

    articles()[3]!.focus();
    await userEvent.keyboard('{Control>}{End}{/Control}');
    expect(composer).toHaveFocus();

    articles()[5]!.focus();
    await userEvent.keyboard('{Control>}{Home}{/Control}');
    expect(header).toHaveFocus();
    // It is the control just before the feed: Tab from it goes back into the feed.
    await userEvent.tab();
    expect(articles()[0]).toHaveFocus();

    // From a reply's own buttons too.
    within(articles()[7]!).getByRole('button', { name: 'Copiar' }).focus();
    await userEvent.keyboard('{Control>}{End}{/Control}');
    expect(composer).toHaveFocus();
  });

  it('leaves Home and End, with or without Ctrl, to the composer’s text', async () => {
    renderTwoPages();
    await waitFor(() => expect(articles()).toHaveLength(8));
    const composer = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Mensaje' });
    await userEvent.type(composer, 'Un borrador');
    await userEvent.keyboard('{Home}');
    expect(composer).toHaveFocus();
    expect(composer.selectionStart).toBe(0);
    await userEvent.keyboard('{End}');
    expect(composer.selectionStart).toBe('Un borrador'.length);
    await userEvent.keyboard('{Control>}{Home}{/Control}');
    expect(composer).toHaveFocus();
    expect(composer.selectionStart).toBe(0);
    await userEvent.keyboard('{Control>}{End}{/Control}');
    expect(composer).toHaveFocus();
    expect(composer).toHaveValue('Un borrador');
  });

  it('moves with Page Up past the first entry loaded into the older page once it has come, busy meanwhile', async () => {
    let fail = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { callsTo } = await renderWithOlderFailing(async () => {
      if (fail) return json(500, { error: { code: 'INTERNAL', message: 'boom' } });
      await held;
      return json(200, page(0, 2, null));
    });
    await screen.findByRole('button', { name: /No se pudieron cargar los mensajes anteriores/ });
    expect(feed()).not.toHaveAttribute('aria-busy');
    fail = false;

    // The list draws its rows as it measures them: on a busy machine the last ones come a frame later.
    await waitFor(() => expect(articles()).toHaveLength(6));
    articles()[1]!.focus();
    await userEvent.keyboard('{PageUp}');
    await waitFor(() => expect(articles()[0]).toHaveFocus());
    expect(articles()[0]).toHaveTextContent('Petición 2');
    // On the first entry loaded, Page Up asks for the older page (once); the focus waits where it is.
    const asked = callsTo(OLDER).length;
    await userEvent.keyboard('{PageUp}');
    await waitFor(() => expect(feed()).toHaveAttribute('aria-busy', 'true'));
    // The request leaves once the client has its token, a moment after the feed says it is busy.
    await waitFor(() => expect(callsTo(OLDER)).toHaveLength(asked + 1));
    expect(document.activeElement).toHaveTextContent('Petición 2');

    release();
    await waitFor(() => expect(articles()).toHaveLength(10));
    expect(feed()).not.toHaveAttribute('aria-busy');
    expect(callsTo(OLDER)).toHaveLength(asked + 1);
    // The entry just above, now in the page.
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Respuesta 1'));
    expect(document.activeElement).toHaveAttribute('aria-posinset', '4');
    await userEvent.keyboard('{PageDown}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Petición 2'));
  });

  it('keeps the focus on the reply when the streamed reply is saved and its row replaced', async () => {
    const { streams, newest } = renderTwoPages();
    await waitFor(() => expect(articles()).toHaveLength(8));
    await userEvent.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'Petición 4{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    stream.push({ type: 'start', userEntryId: id(8), model: 'Demo', demo: false });
    stream.push({ type: 'text', text: 'Respuesta 4' });
    await waitFor(() => expect(articles()).toHaveLength(10));
    const streaming = articles()[9]!;
    expect(streaming).not.toHaveAttribute('data-entry-id');
    streaming.focus();

    newest.push(...exchange(4));
    stream.push({ type: 'finish', messageId: id(9), wordsCharged: 2, remaining: 1988 });
    stream.close();
    await waitFor(() => expect(articles()[9]).toHaveAttribute('data-entry-id', id(9)));
    expect(streaming).not.toBeInTheDocument();
    await waitFor(() => expect(articles()[9]).toHaveFocus());
  });
});

describe('the rows of the feed', () => {
  const saved = exchanges(0, 2);

  it('end with the exchange on its way: its request, then its growing reply', () => {
    const rows = feedRows(saved, {
      message: 'Petición 2',
      regenerates: null,
      reply: 'Resp',
      started: true,
      demo: false,
      userEntryId: null,
      sources: [],
    });
    expect(rows.map((row) => row.key)).toEqual([
      id(0),
      id(1),
      id(2),
      id(3),
      PENDING_REQUEST_KEY,
      PENDING_REPLY_KEY,
    ]);
    expect(rows.at(-1)).toMatchObject({ kind: 'reply', content: 'Resp' });
  });

  it('give a regenerated reply’s place to the new one while it streams', () => {
    const rows = feedRows(saved, {
      message: '',
      regenerates: id(3),
      reply: 'Otra',
      started: true,
      demo: false,
      userEntryId: null,
      sources: [],
    });
    expect(rows.map((row) => row.key)).toEqual([id(0), id(1), id(2), PENDING_REPLY_KEY]);
  });

  it('key a reply by its first version, so showing another version keeps its row', () => {
    const versions = [
      { ...saved[3]!, id: id(3) },
      { ...saved[3]!, id: id(99) },
    ].map(({ id: versionId, content, status, model, demo, wordsCharged, createdAt, reaction }) => ({
      id: versionId,
      content,
      status,
      model,
      demo,
      wordsCharged,
      createdAt,
      reaction,
    }));
    const shownSecond = { ...saved[3]!, id: id(99), versions };
    expect(feedRows([...saved.slice(0, 3), shownSecond], null).at(-1)!.key).toBe(id(3));
  });
});
