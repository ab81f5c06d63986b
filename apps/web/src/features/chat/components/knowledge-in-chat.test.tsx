import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KnowledgeSource } from '@redacta/shared';
import { json } from '../../../../test/render';
import { pricingCitation, pricingSource } from '../../../../test/fixtures';
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
const KNOWLEDGE = `GET /api/workspace/${WORKSPACE_ID}/knowledge`;

const citation = pricingCitation;
const ready = pricingSource;

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

function renderWithKnowledge(sources: KnowledgeSource[]) {
  const streams: ReturnType<typeof controlledStream>[] = [];
  const saved: ReturnType<typeof entry>[] = [];
  const rendered = renderChat(<Session />, {
    [KNOWLEDGE]: () => json(200, { sources, reindexing: false }),
    [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
      json(200, { projectId: PROJECT_ID, entries: saved, hasMore: false, nextCursor: null }),
    [SEND]: (_body, init) => {
      const stream = controlledStream(init.signal);
      streams.push(stream);
      return stream.response;
    },
  });
  return { ...rendered, streams, saved };
}

async function send(text: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Mensaje' }), `${text}{Enter}`);
}

beforeEach(startSignedOut);

describe('knowledge in the chat', () => {
  it('with ready sources, the composer’s toggle is on and sends useKnowledge; off, it sends false, with Regenerate too', async () => {
    const { streams, callsTo, saved } = renderWithKnowledge([ready]);
    const toggle = await screen.findByRole('button', { name: 'Conocimiento' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await send('Un anuncio del plan Pro');
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(callsTo(SEND)[0]!.body).toMatchObject({ useKnowledge: true });
    streams[0]!.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    streams[0]!.push({ type: 'finish', messageId: REPLY_ID, wordsCharged: 0, remaining: 1990 });
    streams[0]!.close();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument());

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await send('Otro anuncio');
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(callsTo(SEND)[1]!.body).toMatchObject({ useKnowledge: false });

    // Regenerate sends the choice too.
    saved.push(
      entry({ id: USER_ENTRY_ID, role: 'user', content: 'Otro anuncio' }),
      entry({ id: REPLY_ID, role: 'assistant', content: 'Un anuncio sin fuentes.' }),
    );
    streams[1]!.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    streams[1]!.push({ type: 'text', text: 'Un anuncio sin fuentes.' });
    streams[1]!.push({ type: 'finish', messageId: REPLY_ID, wordsCharged: 4, remaining: 1986 });
    streams[1]!.close();
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerar' }));
    await waitFor(() => expect(streams).toHaveLength(3));
    expect(callsTo(SEND)[2]!.body).toMatchObject({ regenerate: { entryId: REPLY_ID }, useKnowledge: false });
  });

  it('without a ready source there is no toggle and the request leaves the choice to the server', async () => {
    const { streams, callsTo } = renderWithKnowledge([{ ...ready, status: 'processing' }]);
    await send('Un anuncio');
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Conocimiento' })).not.toBeInTheDocument();
    expect(callsTo(SEND)[0]!.body).not.toHaveProperty('useKnowledge');
  });

  it('the streamed reply cites the sources part as [n], and so does the saved reply', async () => {
    const { streams, saved } = renderWithKnowledge([ready]);
    await send('¿Cuánto cuesta el plan Pro?');
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    stream.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    stream.push({ type: 'sources', sources: [citation] });
    stream.push({ type: 'text', text: 'El plan Pro cuesta 29 € al mes [1].' });
    const streaming = await screen.findByRole('button', { name: 'Fuente 1: tarifas-2027.pdf' });
    expect(streaming).toHaveTextContent('[1]');

    saved.push(
      entry({ id: USER_ENTRY_ID, role: 'user', content: '¿Cuánto cuesta el plan Pro?' }),
      entry({
        id: REPLY_ID,
        role: 'assistant',
        content: 'El plan Pro cuesta 29 € al mes [1].',
        sources: [citation],
      }),
    );
    stream.push({ type: 'finish', messageId: REPLY_ID, wordsCharged: 8, remaining: 1982 });
    stream.close();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument());
    const reply = screen.getAllByTestId('assistant-reply').at(-1)!;
    await userEvent.click(within(reply).getByRole('button', { name: 'Fuente 1: tarifas-2027.pdf' }));
    const passage = await screen.findByRole('dialog', { name: /tarifas-2027\.pdf/ });
    expect(passage).toHaveTextContent('Página 3');
    expect(passage).toHaveTextContent('El plan Pro cuesta 29 € al mes.');
  });
});
