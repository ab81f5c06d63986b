import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { ChatSession } from '../components/chat-session';
import {
  controlledStream,
  entry,
  PROJECT_ID,
  renderChat,
  REPLY_ID,
  USER_ENTRY_ID,
  WORKSPACE_ID,
} from '../test/chat-fixtures';

const SEND = 'POST /api/chat/send-request-stream';
const USAGE = `GET /api/workspace/${WORKSPACE_ID}/usage`;
const STOP = `POST /api/project/${PROJECT_ID}/conversation/stop`;

function Session({ onInsert = () => {} }: { onInsert?: (markdown: string) => void }) {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={onInsert} /> : null;
}

/**
 * Renders the chat with a send handler that hands each stream to the test; `saved` is what the
 * server's conversation holds (the test adds what the server would have saved).
 */
function renderStreaming(
  extra: Parameters<typeof renderChat>[1] = {},
  options?: Parameters<typeof renderChat>[2],
) {
  const streams: ReturnType<typeof controlledStream>[] = [];
  const saved: ReturnType<typeof entry>[] = [];
  const rendered = renderChat(
    <Session />,
    {
      [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
        json(200, { projectId: PROJECT_ID, entries: saved, hasMore: false, nextCursor: null }),
      [SEND]: (_body, init) => {
        const stream = controlledStream(init.signal);
        streams.push(stream);
        return stream.response;
      },
      ...extra,
    },
    options,
  );
  return { ...rendered, streams, saved };
}

async function typeAndSend(text: string) {
  const box = await screen.findByRole('textbox', { name: 'Mensaje' });
  await userEvent.type(box, `${text}{Enter}`);
  return box;
}

const lastReply = () => screen.getAllByTestId('assistant-reply').at(-1)!;

/** Sends a request, lets `partial` of its reply arrive, then presses Stop. */
async function sendThenStop(streams: ReturnType<typeof controlledStream>[], partial: string) {
  await typeAndSend('Escribe un post largo');
  await waitFor(() => expect(streams).toHaveLength(1));
  streams[0]!.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
  streams[0]!.push({ type: 'text', text: partial });
  await waitFor(() => expect(lastReply()).toHaveTextContent(partial));
  await userEvent.click(screen.getByRole('button', { name: 'Detener' }));
}

beforeEach(startSignedOut);

describe('chat stream', () => {
  it('appends text parts as they arrive, then keeps the saved reply and fetches the remaining words', async () => {
    const { streams, saved, callsTo } = renderStreaming();
    const box = await typeAndSend('Un eslogan para una panadería');
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(callsTo(SEND)[0]!.body).toEqual({
      workspaceId: WORKSPACE_ID,
      projectId: PROJECT_ID,
      message: 'Un eslogan para una panadería',
    });
    expect(box).toHaveValue('');
    expect(screen.getByText('Un eslogan para una panadería')).toBeInTheDocument();
    // Stop replaces Send while the reply streams.
    expect(screen.getByRole('button', { name: 'Detener' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();

    const stream = streams[0]!;
    stream.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    stream.push({ type: 'text', text: 'Pan **recién**' });
    await waitFor(() => expect(lastReply()).toHaveTextContent('Pan recién'));
    expect(within(lastReply()).getByText('recién').tagName).toBe('STRONG');
    stream.push({ type: 'text', text: ' hecho, cada mañana.' });
    await waitFor(() => expect(lastReply()).toHaveTextContent('Pan recién hecho, cada mañana.'));
    const usageCallsBefore = callsTo(USAGE).length;

    saved.push(
      entry({ id: USER_ENTRY_ID, role: 'user', content: 'Un eslogan para una panadería' }),
      entry({ id: REPLY_ID, role: 'assistant', content: 'Pan **recién** hecho, cada mañana.' }),
    );
    stream.push({ type: 'finish', messageId: REPLY_ID, wordsCharged: 5, remaining: 1985 });
    stream.close();
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeInTheDocument();
    expect(within(lastReply()).getByRole('button', { name: 'Buena respuesta' })).toBeInTheDocument();
    expect(lastReply()).toHaveTextContent('Pan recién hecho, cada mañana.');
    expect(screen.queryByTestId('reply-status')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(USAGE).length).toBeGreaterThan(usageCallsBefore));
  });

  it('Stop asks the server to stop the reply, closes the request without a word and keeps the partial reply, marked stopped', async () => {
    const { streams, callsTo } = renderStreaming({ [STOP]: () => new Response(null, { status: 204 }) });
    await sendThenStop(streams, 'Primera parte del texto');
    expect(callsTo(STOP)).toHaveLength(1);
    expect(callsTo(SEND)[0]!.signal?.aborted).toBe(true);
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeInTheDocument();
    expect(lastReply()).toHaveTextContent('Primera parte del texto');
    expect(within(lastReply()).getByTestId('reply-status')).toHaveTextContent('Detenida');
    expect(screen.queryByText('Fallo al generar respuesta')).not.toBeInTheDocument();
  });

  it('a stream that breaks mid-reply says nothing failed: the reply goes on, followed live', async () => {
    const { streams } = renderStreaming();
    await typeAndSend('Escribe un post largo');
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    streams[0]!.push({ type: 'text', text: 'Primera parte' });
    await waitFor(() => expect(lastReply()).toHaveTextContent('Primera parte'));
    streams[0]!.error(new TypeError('network error'));
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeInTheDocument();
    expect(screen.queryByText('Fallo al generar respuesta')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reply-status')).not.toBeInTheDocument();
  });

  it('a stopped reply takes 👍/👎 and Regenerate once the server has saved it, without a reload', async () => {
    const { streams, saved } = renderStreaming();
    await sendThenStop(streams, 'Primera parte');
    await screen.findByRole('button', { name: 'Enviar' });
    // Both name the reply by its saved id, which it does not have yet.
    expect(within(lastReply()).queryByRole('button', { name: 'Buena respuesta' })).not.toBeInTheDocument();
    expect(within(lastReply()).queryByRole('button', { name: 'Regenerar' })).not.toBeInTheDocument();

    // The server saves what had reached it when it noticed the stop.
    saved.push(
      entry({ id: USER_ENTRY_ID, role: 'user', content: 'Escribe un post largo' }),
      entry({ id: REPLY_ID, role: 'assistant', content: 'Primera parte del', status: 'aborted' }),
    );
    // The reply re-renders under its saved id: look it up afresh each time.
    await waitFor(
      () => expect(within(lastReply()).getByRole('button', { name: 'Buena respuesta' })).toBeInTheDocument(),
      { timeout: 3000 },
    );
    expect(within(lastReply()).getByRole('button', { name: 'Regenerar' })).toBeInTheDocument();
    expect(lastReply()).toHaveTextContent('Primera parte del');
    expect(within(lastReply()).getByTestId('reply-status')).toHaveTextContent('Detenida');
  });

  it('a 403 (no words left) toasts "Te has quedado sin palabras", shows the out-of-words state and gives the message back', async () => {
    renderStreaming({
      [SEND]: () => json(403, { error: { code: 'NO_WORDS_LEFT', message: 'No words left this month' } }),
    });
    const box = await typeAndSend('Dame 10 nombres');
    expect(await screen.findByText('Te has quedado sin palabras')).toBeInTheDocument();
    expect(await screen.findByText('¡No te quedan palabras!')).toBeInTheDocument();
    // The date written as /subscription writes it.
    expect(screen.getByText(/se renueva el 1 de diciembre de 2026\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mejora al Plan Pro' })).toBeInTheDocument();
    expect(box).toHaveValue('Dame 10 nombres');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(screen.queryByText('Fallo al generar respuesta')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-message')).not.toBeInTheDocument();
  });

  it('a 500 toasts "Fallo al generar respuesta" and gives the message back', async () => {
    renderStreaming({
      [SEND]: () => json(500, { error: { code: 'INTERNAL', message: 'boom' } }),
    });
    const box = await typeAndSend('Dame 10 nombres');
    expect(await screen.findByText('Fallo al generar respuesta')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('Dame 10 nombres'));
    expect(screen.queryByText('¡No te quedan palabras!')).not.toBeInTheDocument();
  });

  it.each([
    [429, 'REPLIES_IN_PROGRESS', 'Tienes respuestas en curso'],
    [413, 'STORAGE_FULL', 'Tu espacio de trabajo ha llenado su almacenamiento'],
  ])('a %i (%s) says what to do and gives the message back', async (status, code, text) => {
    renderStreaming({ [SEND]: () => json(status, { error: { code, message: 'refused' } }) });
    const box = await typeAndSend('Dame 10 nombres');
    expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('Dame 10 nombres'));
    expect(screen.queryByText('Fallo al generar respuesta')).not.toBeInTheDocument();
    expect(screen.queryByText('¡No te quedan palabras!')).not.toBeInTheDocument();
  });

  it('an error part mid-stream keeps what arrived, marked incomplete, with the toast', async () => {
    const { streams, saved } = renderStreaming();
    await typeAndSend('Un anuncio');
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    stream.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    stream.push({ type: 'text', text: 'Compra ahora' });
    saved.push(
      entry({ id: USER_ENTRY_ID, role: 'user', content: 'Un anuncio' }),
      entry({ id: REPLY_ID, role: 'assistant', content: 'Compra ahora', status: 'failed' }),
    );
    stream.push({
      type: 'error',
      code: 'AI_PROVIDER_ERROR',
      message: 'The AI provider failed',
      messageId: REPLY_ID,
      wordsCharged: 2,
      remaining: 1988,
    });
    stream.close();
    expect(await screen.findByText('Fallo al generar respuesta')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(lastReply()).getByTestId('reply-status')).toHaveTextContent('Incompleta'),
    );
    expect(lastReply()).toHaveTextContent('Compra ahora');
  });

  it('an aborted part (stopped from another tab) ends the reply as stopped, without a failure toast', async () => {
    const { streams, saved } = renderStreaming();
    await typeAndSend('Un post largo');
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    stream.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    stream.push({ type: 'text', text: 'Primera parte' });
    saved.push(
      entry({ id: USER_ENTRY_ID, role: 'user', content: 'Un post largo' }),
      entry({ id: REPLY_ID, role: 'assistant', content: 'Primera parte', status: 'aborted' }),
    );
    stream.push({ type: 'aborted', messageId: REPLY_ID, wordsCharged: 2, remaining: 1990 });
    stream.close();
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(lastReply()).getByTestId('reply-status')).toHaveTextContent('Detenida'),
    );
    expect(lastReply()).toHaveTextContent('Primera parte');
    expect(within(lastReply()).getByRole('button', { name: 'Buena respuesta' })).toBeInTheDocument();
    expect(screen.queryByText('Fallo al generar respuesta')).not.toBeInTheDocument();
  });

  it('the demo writer answering shows the banner', async () => {
    const { streams } = renderStreaming();
    await typeAndSend('Hola');
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: true });
    const banner = await screen.findByTestId('demo-banner');
    expect(banner).toHaveTextContent('Redactor de demostración');
    // Who sees how to connect a model is the banner's own test (demo-banner.test.tsx).
    expect(banner).toHaveTextContent('Un administrador puede conectar un modelo de IA.');
  });
});

describe('conversation and composer', () => {
  const saved = [
    entry({ id: USER_ENTRY_ID, role: 'user', content: 'Ideas para Navidad' }),
    entry({ id: REPLY_ID, role: 'assistant', content: '1. Calendario de adviento', reaction: 'down' }),
  ];
  const conversation = {
    [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
      json(200, { projectId: PROJECT_ID, entries: saved, hasMore: false, nextCursor: null }),
  };

  it('Enter sends, Shift+Enter starts a new line, and an empty draft sends nothing', async () => {
    const { streams, callsTo } = renderStreaming();
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    await userEvent.type(box, '{Enter}');
    await userEvent.type(box, 'Primera línea{Shift>}{Enter}{/Shift}segunda');
    expect(box).toHaveValue('Primera línea\nsegunda');
    expect(callsTo(SEND)).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    expect((callsTo(SEND)[0]!.body as { message: string }).message).toBe('Primera línea\nsegunda');
  });

  it('a starter example fills the composer; the real-time search ones ask for live search', async () => {
    const { streams, callsTo } = renderStreaming();
    await userEvent.click(await screen.findByRole('button', { name: /Dame 10 nombres/ }));
    const box = screen.getByRole('textbox', { name: 'Mensaje' });
    expect(box).toHaveValue('Dame 10 nombres para una marca de cosmética natural');
    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: /tendencias de redes sociales/ }));
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(callsTo(SEND)[0]!.body).toMatchObject({
      message: '¿Qué tendencias de redes sociales están funcionando este mes?',
      liveSearch: true,
    });
  });

  it('a brainstorm example is sent without live search', async () => {
    const { streams, callsTo } = renderStreaming();
    await userEvent.click(await screen.findByRole('button', { name: /Dame 10 nombres/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Mensaje' }), '{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(callsTo(SEND)[0]!.body).not.toHaveProperty('liveSearch');
  });

  it('shows the saved conversation; Regenerate asks the server to answer the last request again', async () => {
    const { streams, callsTo } = renderStreaming(conversation);
    expect(await screen.findByText('Ideas para Navidad')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Qué escribimos hoy/ })).not.toBeInTheDocument();
    await userEvent.click(within(lastReply()).getByRole('button', { name: 'Regenerar' }));
    await waitFor(() => expect(streams).toHaveLength(1));
    // The request is not sent again: the server knows how it was sent (library prompt, live search).
    expect(callsTo(SEND)[0]!.body).toEqual({
      workspaceId: WORKSPACE_ID,
      projectId: PROJECT_ID,
      regenerate: { entryId: REPLY_ID },
    });
  });

  it('only the conversation’s last entry offers Regenerate', async () => {
    renderStreaming({
      [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
        json(200, {
          projectId: PROJECT_ID,
          hasMore: false,
          nextCursor: null,
          entries: [
            entry({ id: USER_ENTRY_ID, role: 'user', content: 'Noticias de la semana' }),
            entry({ id: REPLY_ID, role: 'assistant', content: 'Esta semana…' }),
            // A later request left without a reply (the model failed before its first word).
            entry({ id: '55555555-5555-4555-8555-555555555555', role: 'user', content: 'Otra' }),
          ],
        }),
    });
    await screen.findByText('Esta semana…');
    expect(screen.queryByRole('button', { name: 'Regenerar' })).not.toBeInTheDocument();
  });

  it('👍 sends the reaction; clicking the active one clears it', async () => {
    const REACT = `PATCH /api/workspace/${WORKSPACE_ID}/add-reaction/${REPLY_ID}`;
    const { callsTo } = renderStreaming({
      ...conversation,
      [REACT]: (body) => json(200, { entryId: REPLY_ID, value: (body as { value: unknown }).value }),
    });
    await screen.findByText('Ideas para Navidad');
    const bad = within(lastReply()).getByRole('button', { name: 'Mala respuesta' });
    const good = within(lastReply()).getByRole('button', { name: 'Buena respuesta' });
    expect(bad).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(good);
    await waitFor(() => expect(good).toHaveAttribute('aria-pressed', 'true'));
    expect(bad).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(good);
    await waitFor(() => expect(good).toHaveAttribute('aria-pressed', 'false'));
    expect(callsTo(REACT).map((call) => call.body)).toEqual([{ value: 'up' }, { value: null }]);
  });

  it('Insert into document hands the reply markdown over', async () => {
    const onInsert = vi.fn();
    renderChat(<Session onInsert={onInsert} />, conversation);
    await screen.findByText('Ideas para Navidad');
    await userEvent.click(within(lastReply()).getByRole('button', { name: 'Insertar en el documento' }));
    expect(onInsert).toHaveBeenCalledWith('1. Calendario de adviento');
  });

  it('Improve replaces the draft; a 403 is quiet and shows the out-of-words state', async () => {
    let improveStatus = 200;
    renderStreaming({
      'POST /api/chat/improve': () =>
        improveStatus === 200
          ? json(200, { text: 'Escribe 10 nombres cortos y memorables', wordsCharged: 6, remaining: 1984 })
          : json(403, { error: { code: 'NO_WORDS_LEFT', message: 'none' } }),
    });
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    await userEvent.type(box, 'nombres');
    await userEvent.click(screen.getByRole('button', { name: 'Mejorar prompt' }));
    await waitFor(() => expect(box).toHaveValue('Escribe 10 nombres cortos y memorables'));
    improveStatus = 403;
    await userEvent.click(screen.getByRole('button', { name: 'Mejorar prompt' }));
    expect(await screen.findByText('¡No te quedan palabras!')).toBeInTheDocument();
    expect(screen.queryByText('Fallo al generar respuesta')).not.toBeInTheDocument();
    expect(screen.queryByText('Te has quedado sin palabras')).not.toBeInTheDocument();
  });

  it('a failed conversation load toasts its error and offers to try again', async () => {
    renderStreaming({
      [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
        json(500, { error: { code: 'INTERNAL', message: 'boom' } }),
    });
    expect(await screen.findAllByText('Fallo al recuperar la conversación del proyecto')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('free workspaces see the words left this month', async () => {
    renderStreaming();
    expect(await screen.findByText('Te quedan 1990 palabras este mes')).toBeInTheDocument();
  });
});
