import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../test/render';
import { startAsAna } from '../../../test/session';
import { AssistantReply } from '@/features/chat/components/conversation-entries';
import { changeLocale } from '@/lib/i18n';
import { entry, PROJECT_ID, renderChat, WORKSPACE_ID } from '@/features/chat/test/chat-fixtures';

const rules = [
  { id: '00000000-0000-4000-8000-000000000001', kind: 'ban', phrase: 'revolucionario' },
  { id: '00000000-0000-4000-8000-000000000002', kind: 'prefer', use: 'email', avoid: ['e-mail', 'mail'] },
  { id: '00000000-0000-4000-8000-000000000003', kind: 'max-exclamations', value: 0 },
];

beforeEach(startAsAna);

/** The transform's stream as the server sends it: start, the text in two chunks, finish. */
function transformStream(text: string) {
  const cut = Math.ceil(text.length / 2);
  const parts = [
    { type: 'start', model: 'GPT-4.1 mini', demo: false },
    { type: 'text', text: text.slice(0, cut) },
    { type: 'text', text: text.slice(cut) },
    { type: 'finish', wordsCharged: 3, remaining: 1987 },
  ];
  return new Response(parts.map((part) => JSON.stringify(part)).join('\n') + '\n', {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson' },
  });
}

function renderReply(content: string, rewritten = '') {
  const onInsert = vi.fn();
  const view = renderChat(
    <AssistantReply
      entry={entry({ id: '55555555-5555-4555-8555-555555555555', role: 'assistant', content })}
      handlers={{ onInsert, onRegenerate: vi.fn(), onReact: vi.fn(), onShowVersion: vi.fn() }}
    />,
    {
      [`GET /api/workspace/${WORKSPACE_ID}/style-rules`]: () =>
        json(200, { rules, language: 'es', updatedAt: '2026-11-27T00:00:00.000Z' }),
      'POST /api/document/transform': () => transformStream(rewritten),
    },
  );
  return { ...view, onInsert };
}

describe('a finished reply checked against the style rules', () => {
  it('lists each finding; "Corregir todo" applies the direct fixes, never deletes a banned phrase, and says so', async () => {
    const { onInsert, callsTo } = renderReply('Un cargador revolucionario. Escríbenos un Mail!');
    const issues = await screen.findByTestId('reply-style-issues');
    expect(within(issues).getByText('3 avisos de estilo')).toBeInTheDocument();
    expect(within(issues).getByText('«revolucionario» está prohibido')).toBeInTheDocument();
    expect(within(issues).getByText('«Mail» → «Email»')).toBeInTheDocument();

    await userEvent.click(within(issues).getByRole('button', { name: 'Corregir todo' }));
    await waitFor(() =>
      expect(screen.getByTestId('reply-text')).toHaveTextContent(
        'Un cargador revolucionario. Escríbenos un Email!',
      ),
    );
    // The banned phrase waits for its own rewrite; the limit needs the writer.
    const left = screen.getByTestId('reply-style-issues');
    expect(within(left).getByText('2 avisos de estilo')).toBeInTheDocument();
    expect(within(left).getByRole('status')).toHaveTextContent(
      'Las frases prohibidas no se borran: «Corregir» en cada una reescribe su frase para que la revises.',
    );
    expect(within(left).queryByRole('button', { name: 'Corregir todo' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Insertar en el documento' }));
    expect(onInsert).toHaveBeenCalledWith('Un cargador revolucionario. Escríbenos un Email!');
    expect(callsTo(`GET /api/workspace/${WORKSPACE_ID}/style-rules`)).toHaveLength(1);
    expect(callsTo('POST /api/document/transform')).toHaveLength(0);
  });

  it('fixes or ignores one finding at a time, keeping the focus in the list', async () => {
    renderReply('Un mail revolucionario.');
    const issues = await screen.findByTestId('reply-style-issues');
    const [fixMail] = within(issues).getAllByRole('button', { name: 'Corregir' });
    await userEvent.click(fixMail!);
    await waitFor(() =>
      expect(screen.getByTestId('reply-text')).toHaveTextContent('Un email revolucionario.'),
    );
    await userEvent.click(within(issues).getByRole('button', { name: 'Ignorar' }));
    expect(screen.queryByTestId('reply-style-issues')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('reply-text')).toHaveTextContent('Un email revolucionario.'),
    );
  });

  it("a banned phrase's Corregir shows its sentence rewritten in the reply; accepting changes the reply", async () => {
    const content = 'Hola, Ana. ¿Buscas resultados sin revolucionario esfuerzo? Te ayudamos.';
    const { onInsert, callsTo } = renderReply(content, '¿Buscas resultados sin esfuerzo?');
    const issues = await screen.findByTestId('reply-style-issues');
    await userEvent.click(within(issues).getByRole('button', { name: 'Corregir' }));

    const preview = await screen.findByTestId('reply-rewrite');
    expect(within(preview).getByText('Reescribir sin la frase prohibida')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(preview).getByTestId('transform-result')).toHaveTextContent(
        '¿Buscas resultados sin esfuerzo?',
      ),
    );
    // Only the sentence that holds the phrase is sent, with the phrase to avoid.
    expect(callsTo('POST /api/document/transform')[0]!.body).toMatchObject({
      workspaceId: WORKSPACE_ID,
      projectId: PROJECT_ID,
      action: 'avoid',
      phrase: 'revolucionario',
      text: '¿Buscas resultados sin revolucionario esfuerzo?',
    });
    // Until accepted, the reply keeps its words.
    expect(screen.getByTestId('reply-text')).toHaveTextContent(content);

    await userEvent.click(within(preview).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() =>
      expect(screen.getByTestId('reply-text')).toHaveTextContent(
        'Hola, Ana. ¿Buscas resultados sin esfuerzo? Te ayudamos.',
      ),
    );
    expect(screen.queryByTestId('reply-rewrite')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reply-style-issues')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Insertar en el documento' }));
    expect(onInsert).toHaveBeenCalledWith('Hola, Ana. ¿Buscas resultados sin esfuerzo? Te ayudamos.');
  });

  it('discarding the rewrite leaves the reply as it was; in English the same flow speaks English', async () => {
    const content = 'A revolucionario launch. Write to us.';
    renderReply(content, 'A bold launch.');
    const issues = await screen.findByTestId('reply-style-issues');
    await userEvent.click(within(issues).getByRole('button', { name: 'Corregir' }));
    const preview = await screen.findByTestId('reply-rewrite');
    await within(preview).findByText('A bold launch.');
    await userEvent.click(within(preview).getByRole('button', { name: 'Descartar' }));
    expect(screen.queryByTestId('reply-rewrite')).not.toBeInTheDocument();
    expect(screen.getByTestId('reply-text')).toHaveTextContent(content);

    await changeLocale('en');
    await userEvent.click(within(issues).getByRole('button', { name: 'Fix' }));
    const english = await screen.findByTestId('reply-rewrite');
    expect(within(english).getByText('Rewrite without the banned phrase')).toBeInTheDocument();
    await within(english).findByText('A bold launch.');
    await userEvent.click(within(english).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.getByTestId('reply-text')).toHaveTextContent('A bold launch. Write to us.'),
    );
  });
});
