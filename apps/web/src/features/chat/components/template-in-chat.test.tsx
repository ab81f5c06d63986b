import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Template } from '@redacta/shared';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { ChatSession } from './chat-session';
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

const reply = '### titulo\nZapatillas de trail: guía 2027\n\n### meta\nTodo lo que necesitas saber';

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

beforeEach(async () => {
  await startSignedOut();
  localStorage.clear();
});

describe('a template run in the chat', () => {
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

    saved.push(
      entry({ id: USER_ENTRY_ID, role: 'user', content: 'Escribe el título SEO de la guía de zapatillas.' }),
      entry({ id: REPLY_ID, role: 'assistant', content: reply }),
    );
    streams[0]!.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    streams[0]!.push({ type: 'text', text: reply });
    streams[0]!.push({ type: 'finish', messageId: REPLY_ID, wordsCharged: 9, remaining: 1981 });
    streams[0]!.close();

    const parts = await screen.findAllByTestId('template-part');
    expect(screen.getByRole('button', { name: 'Plantilla' })).toBeEnabled();
    expect(parts.map((part) => part.textContent)).toEqual([
      'Título30/30',
      'Meta descripción27/20 Supera el límite de 20 caracteres',
    ]);
    const text = screen.getAllByTestId('reply-text').at(-1)!;
    expect(within(text).getByRole('heading', { name: 'Meta descripción' })).toBeInTheDocument();
    expect(within(text).queryByText('meta')).not.toBeInTheDocument();
  });
});
