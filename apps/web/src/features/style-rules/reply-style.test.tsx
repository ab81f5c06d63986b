import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../test/render';
import { startAsAna } from '../../../test/session';
import { AssistantReply } from '@/features/chat/components/conversation-entries';
import { entry, renderChat, WORKSPACE_ID } from '@/features/chat/test/chat-fixtures';

const rules = [
  { id: '00000000-0000-4000-8000-000000000001', kind: 'ban', phrase: 'revolucionario' },
  { id: '00000000-0000-4000-8000-000000000002', kind: 'prefer', use: 'email', avoid: ['e-mail', 'mail'] },
  { id: '00000000-0000-4000-8000-000000000003', kind: 'max-exclamations', value: 0 },
];

beforeEach(startAsAna);

function renderReply(content: string) {
  const onInsert = vi.fn();
  const view = renderChat(
    <AssistantReply
      entry={entry({ id: '55555555-5555-4555-8555-555555555555', role: 'assistant', content })}
      handlers={{ onInsert, onRegenerate: vi.fn(), onReact: vi.fn(), onShowVersion: vi.fn() }}
    />,
    {
      [`GET /api/workspace/${WORKSPACE_ID}/style-rules`]: () =>
        json(200, { rules, language: 'es', updatedAt: '2026-11-27T00:00:00.000Z' }),
    },
  );
  return { ...view, onInsert };
}

describe('a finished reply checked against the style rules', () => {
  it('lists each finding; "Corregir todo" applies the suggestions, and insert takes the fixed text', async () => {
    const { onInsert, callsTo } = renderReply('Un cargador revolucionario. Escríbenos un Mail!');
    const issues = await screen.findByTestId('reply-style-issues');
    expect(within(issues).getByText('3 avisos de estilo')).toBeInTheDocument();
    expect(within(issues).getByText('«revolucionario» está prohibido')).toBeInTheDocument();
    expect(within(issues).getByText('«Mail» → «Email»')).toBeInTheDocument();

    await userEvent.click(within(issues).getByRole('button', { name: 'Corregir todo' }));
    await waitFor(() =>
      expect(screen.getByTestId('reply-text')).toHaveTextContent('Un cargador. Escríbenos un Email!'),
    );
    // The limit stays: it needs a rewrite, which only the writer can make.
    expect(
      within(screen.getByTestId('reply-style-issues')).getByText('1 aviso de estilo'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Insertar en el documento' }));
    expect(onInsert).toHaveBeenCalledWith('Un cargador. Escríbenos un Email!');
    expect(callsTo(`GET /api/workspace/${WORKSPACE_ID}/style-rules`)).toHaveLength(1);
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
});
