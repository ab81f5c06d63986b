import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveReply, RanTemplate, Template } from '@redacta/shared';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { ChatSession } from './chat-session';
import {
  controlledStream,
  entry,
  liveConversationStream,
  PROJECT_ID,
  renderChat,
  REPLY_ID,
  USER_ENTRY_ID,
  WORKSPACE_ID,
  wholeConversation,
} from '../test/chat-fixtures';

const SEND = 'POST /api/chat/send-request-stream';

const seoTitle: Template = {
  id: '00000000-0000-4000-8000-000000000701',
  name: 'Título SEO',
  description: 'Título y meta descripción.',
  language: 'es',
  prompt: 'Escribe el título SEO de {{pagina}}.',
  fields: [{ key: 'pagina', label: 'Página', type: 'text', required: true }],
  output: {
    parts: [
      { key: 'titulo', label: 'Título', maxChars: 30 },
      { key: 'meta', label: 'Meta descripción', maxChars: 20 },
    ],
  },
  builtIn: true,
  createdBy: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const ran: RanTemplate = { id: seoTitle.id, name: seoTitle.name, output: seoTitle.output! };

const reply = '### titulo\nZapatillas de trail: guía 2027\n\n### meta\nTodo lo que necesitas saber';

/** The run's request and its reply as the server saves them. */
const savedRun = () => [
  entry({
    id: USER_ENTRY_ID,
    role: 'user',
    content: 'Escribe el título SEO de la guía de zapatillas.',
    template: ran,
  }),
  entry({ id: REPLY_ID, role: 'assistant', content: reply }),
];

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

beforeEach(async () => {
  await startSignedOut();
  localStorage.clear();
});

describe('a template run in the chat', { timeout: 30_000 }, () => {
  it('sends the template and its inputs, keeps the draft, and shows each part headed by its label with its length', async () => {
    const streams: ReturnType<typeof controlledStream>[] = [];
    const saved: ReturnType<typeof entry>[] = [];
    const { callsTo } = renderChat(<Session />, {
      [`GET /api/workspace/${WORKSPACE_ID}/templates?language=es`]: () =>
        json(200, { templates: [seoTitle] }),
      [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
        json(200, { projectId: PROJECT_ID, entries: saved, hasMore: false, nextCursor: null }),
      [SEND]: (_body, init) => {
        const stream = controlledStream(init.signal);
        streams.push(stream);
        return stream.response;
      },
    });
    const composer = await screen.findByRole('textbox', { name: 'Mensaje' });
    await userEvent.type(composer, 'Un borrador a medias');

    await userEvent.click(screen.getByRole('button', { name: 'Plantilla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usar una plantilla' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Título SEO/ }));
    await userEvent.type(within(dialog).getByLabelText('Página'), 'la guía de zapatillas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar' }));

    await waitFor(() => expect(streams).toHaveLength(1));
    expect(callsTo(SEND)[0]!.body).toMatchObject({
      message: 'Escribe el título SEO de la guía de zapatillas.',
      template: { id: seoTitle.id, inputs: { pagina: 'la guía de zapatillas' } },
    });
    expect(composer).toHaveValue('Un borrador a medias');
    // While the reply is written, another run cannot go (the chat sends one request at a time).
    expect(screen.getByRole('button', { name: 'Plantilla' })).toBeDisabled();

    saved.push(...savedRun());
    streams[0]!.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    streams[0]!.push({ type: 'text', text: reply });
    streams[0]!.push({ type: 'finish', messageId: REPLY_ID, wordsCharged: 9, remaining: 1981 });
    streams[0]!.close();

    // The parts show while it is written: the run is over once another may go.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Plantilla' })).toBeEnabled());
    const parts = screen.getAllByTestId('template-part');
    expect(parts.map((part) => part.textContent)).toEqual([
      'Título30/30',
      'Meta descripción27/20 Supera el límite de 20 caracteres',
    ]);
    const text = screen.getAllByTestId('reply-text').at(-1)!;
    expect(within(text).getByRole('heading', { name: 'Meta descripción' })).toBeInTheDocument();
    expect(within(text).queryByText('meta')).not.toBeInTheDocument();
  });

  it('shows the author’s own run as it is written: headed by its parts’ labels, each part’s length filling in', async () => {
    const streams: ReturnType<typeof controlledStream>[] = [];
    const saved: ReturnType<typeof entry>[] = [];
    renderChat(<Session />, {
      [`GET /api/workspace/${WORKSPACE_ID}/templates?language=es`]: () =>
        json(200, { templates: [seoTitle] }),
      [`GET /api/project/${PROJECT_ID}/conversation`]: () => json(200, wholeConversation(saved)),
      [SEND]: (_body, init) => {
        const stream = controlledStream(init.signal);
        streams.push(stream);
        return stream.response;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Plantilla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usar una plantilla' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Título SEO/ }));
    await userEvent.type(within(dialog).getByLabelText('Página'), 'la guía de zapatillas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(streams).toHaveLength(1));

    // The first part whole, and the next part's heading only half arrived.
    streams[0]!.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    streams[0]!.push({ type: 'text', text: '### titulo\nZapatillas de trail: guía 2027\n\n### me' });
    const writing = await screen.findByTestId('reply-text');
    await waitFor(() => expect(writing).toHaveTextContent('guía 2027'));
    expect(within(writing).getByRole('heading', { name: 'Título' })).toBeInTheDocument();
    expect(within(writing).getAllByRole('heading')).toHaveLength(1);
    expect(writing).not.toHaveTextContent(/titulo|###|\bme\b/);
    const parts = () => screen.getAllByTestId('template-part').map((part) => part.textContent);
    expect(parts()).toEqual(['Título30/30', 'Meta descripciónPor escribir']);

    streams[0]!.push({ type: 'text', text: 'ta\nTodo lo que' });
    await waitFor(() => expect(parts()).toEqual(['Título30/30', 'Meta descripción11/20']));
    expect(within(writing).getByRole('heading', { name: 'Meta descripción' })).toBeInTheDocument();
    expect(writing).not.toHaveTextContent(/titulo|meta\b|###/);
    streams[0]!.push({ type: 'text', text: ' necesitas saber' });
    await waitFor(() =>
      expect(parts()).toEqual(['Título30/30', 'Meta descripción27/20 Supera el límite de 20 caracteres']),
    );

    // Saved, it keeps its parts, and the conversation read again shows the same.
    saved.push(...savedRun());
    streams[0]!.push({ type: 'finish', messageId: REPLY_ID, wordsCharged: 9, remaining: 1981 });
    streams[0]!.close();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Plantilla' })).toBeEnabled());
    expect(parts()).toEqual(['Título30/30', 'Meta descripción27/20 Supera el límite de 20 caracteres']);
    expect(
      within(screen.getByTestId('reply-text')).getByRole('heading', { name: 'Título' }),
    ).toBeInTheDocument();
  });

  it('shows a teammate’s run as it is written, headed by its parts’ labels, then each part with its length', async () => {
    const BEN = { id: '55555555-5555-4555-8555-555555555555', name: 'Ben Ortiz' };
    const stream = { current: null as ReturnType<typeof liveConversationStream> | null };
    let saved: ReturnType<typeof entry>[] = [];
    renderChat(<Session />, {
      [`GET /api/project/${PROJECT_ID}/conversation`]: () => json(200, wholeConversation(saved)),
      [`GET /api/project/${PROJECT_ID}/conversation/live`]: (_body, init) => {
        stream.current = liveConversationStream(init.signal);
        return stream.current.response;
      },
    });
    await waitFor(() => expect(stream.current).not.toBeNull());
    const request: LiveReply = {
      userEntryId: USER_ENTRY_ID,
      sender: BEN,
      message: 'Escribe el título SEO de la guía de zapatillas.',
      regenerate: false,
      template: ran,
      text: '',
    };
    stream.current!.push({ type: 'replies', replies: [] });
    stream.current!.push({ type: 'request', reply: request });
    stream.current!.push({ type: 'text', userEntryId: USER_ENTRY_ID, seq: 0, text: reply });
    await screen.findByRole('heading', { name: 'Meta descripción' });
    const writing = screen.getAllByTestId('reply-text').at(-1)!;
    expect(within(writing).getByRole('heading', { name: 'Título' })).toBeInTheDocument();
    expect(within(writing).queryByText('titulo')).not.toBeInTheDocument();
    // Its lengths grow with it, read by the same parser as the saved reply.
    await waitFor(() =>
      expect(screen.getAllByTestId('template-part').map((part) => part.textContent)).toEqual([
        'Título30/30',
        'Meta descripción27/20 Supera el límite de 20 caracteres',
      ]),
    );

    saved = [
      entry({ id: USER_ENTRY_ID, role: 'user', content: request.message, author: BEN, template: ran }),
      entry({ id: REPLY_ID, role: 'assistant', content: reply }),
    ];
    stream.current!.push({ type: 'end', userEntryId: USER_ENTRY_ID, messageId: REPLY_ID });
    const parts = await screen.findAllByTestId('template-part');
    expect(parts.map((part) => part.textContent)).toEqual([
      'Título30/30',
      'Meta descripción27/20 Supera el límite de 20 caracteres',
    ]);
  });

  it('shows no parts for a reply whose request ran no template, even headed like one', async () => {
    renderChat(<Session />, {
      [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
        json(
          200,
          wholeConversation([
            entry({ id: USER_ENTRY_ID, role: 'user', content: 'Escribe algo con ### titulo' }),
            entry({ id: REPLY_ID, role: 'assistant', content: reply }),
          ]),
        ),
    });
    expect(await screen.findByText('Todo lo que necesitas saber')).toBeInTheDocument();
    expect(screen.queryByTestId('template-part')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Meta descripción' })).not.toBeInTheDocument();
  });
});
