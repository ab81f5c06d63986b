import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { ChatSession } from '../components/chat-session';
import { controlledStream, entry, PROJECT_ID, renderChat, USER_ENTRY_ID } from '../test/chat-fixtures';

const SEND = 'POST /api/chat/send-request-stream';
const SHOWN = `PATCH /api/project/${PROJECT_ID}/conversation/shown-version`;
const IDS = [
  '55555555-5555-4555-8555-555555555550',
  '55555555-5555-4555-8555-555555555551',
  '55555555-5555-4555-8555-555555555552',
];

function Session({ onInsert }: { onInsert: (markdown: string) => void }) {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={onInsert} /> : null;
}

beforeEach(startSignedOut);

describe('versions side by side', () => {
  it('sends the controls, streams three versions side by side, moves the meter with each charge, and keeps the one chosen', async () => {
    const streams: ReturnType<typeof controlledStream>[] = [];
    const saved: ReturnType<typeof entry>[] = [];
    const inserted: string[] = [];
    const { callsTo } = renderChat(<Session onInsert={(markdown) => inserted.push(markdown)} />, {
      [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
        json(200, { projectId: PROJECT_ID, entries: saved, hasMore: false, nextCursor: null }),
      [SEND]: (_body, init) => {
        const stream = controlledStream(init.signal);
        streams.push(stream);
        return stream.response;
      },
      [SHOWN]: () => {
        // The server shows the version chosen from now on.
        saved[1] = { ...saved[1]!, id: IDS[1]!, content: 'Tres cuatro cinco' };
        return json(200, { entryId: IDS[1] });
      },
    });

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Tono' }), 'formal');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Longitud' }), 'short');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Idioma de la respuesta' }), 'en');
    await userEvent.click(screen.getByRole('radio', { name: '3 versiones' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'Tres titulares{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(callsTo(SEND)[0]!.body).toMatchObject({
      message: 'Tres titulares',
      tone: 'formal',
      length: 'short',
      language: 'en',
      variants: 3,
    });

    const stream = streams[0]!;
    stream.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false, variants: 3 });
    const texts = ['Uno dos', 'Tres cuatro cinco', 'Seis'];
    texts.forEach((text, variant) => stream.push({ type: 'text', text, variant }));
    const columns = await screen.findAllByTestId('reply-variant');
    expect(columns).toHaveLength(3);
    await waitFor(() => expect(columns[1]).toHaveTextContent('Tres cuatro cinco'));
    expect(within(columns[1]!).getByTestId('variant-words')).toHaveTextContent('3 palabras');

    const meter = () => screen.getByTestId('words-meter');
    const remaining = [1998, 1995, 1994];
    texts.forEach((text, variant) =>
      stream.push({
        type: 'finish',
        variant,
        messageId: IDS[variant]!,
        wordsCharged: text.split(' ').length,
        remaining: remaining[variant]!,
      }),
    );
    await waitFor(() => expect(meter()).toHaveTextContent('1994'));
    saved.push(
      entry({ id: USER_ENTRY_ID, role: 'user', content: 'Tres titulares' }),
      entry({
        id: IDS[2]!,
        role: 'assistant',
        content: texts[2]!,
        versions: IDS.map((id, i) => {
          const {
            id: _,
            content,
            status,
            model,
            demo,
            wordsCharged,
            createdAt,
            reaction,
          } = entry({
            id,
            role: 'assistant',
            content: texts[i]!,
          });
          return { id, content, status, model, demo, wordsCharged, createdAt, reaction };
        }),
      }),
    );
    stream.close();
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeInTheDocument();

    const chooser = await screen.findAllByTestId('reply-variant');
    expect(within(chooser[1]!).getByTestId('variant-words')).toHaveTextContent('3 palabras usadas');
    await userEvent.click(within(chooser[1]!).getByRole('button', { name: 'Insertar' }));
    expect(inserted).toEqual(['Tres cuatro cinco']);
    await userEvent.click(within(chooser[1]!).getByRole('button', { name: 'Usar esta' }));
    await waitFor(() => expect(callsTo(SHOWN)[0]!.body).toEqual({ entryId: IDS[1] }));
    await waitFor(() => expect(screen.queryByTestId('reply-variants')).not.toBeInTheDocument());
    const reply = () => screen.getAllByTestId('assistant-reply').at(-1)!;
    await waitFor(() => expect(reply()).toHaveTextContent('Tres cuatro cinco'));
    await waitFor(() => expect(within(reply()).getByTestId('reply-versions')).toHaveTextContent('2/3'));
  }, 60_000);
});
