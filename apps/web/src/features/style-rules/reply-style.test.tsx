import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationEntry, EditReplyBody } from '@redacta/shared';
import { json } from '../../../test/render';
import { startAsAna } from '../../../test/session';
import { useSession } from '@/features/session';
import { ChatSession } from '@/features/chat/components/chat-session';
import {
  entry,
  PROJECT_ID,
  renderChat,
  REPLY_ID,
  USER_ENTRY_ID,
  WORKSPACE_ID,
  wholeConversation,
} from '@/features/chat/test/chat-fixtures';

const rules = [
  { id: '00000000-0000-4000-8000-000000000001', kind: 'ban', phrase: 'revolucionario' },
  { id: '00000000-0000-4000-8000-000000000002', kind: 'prefer', use: 'email', avoid: ['e-mail', 'mail'] },
  { id: '00000000-0000-4000-8000-000000000003', kind: 'max-exclamations', value: 0 },
];
const EDIT = `PATCH /api/project/${PROJECT_ID}/conversation/entry/${REPLY_ID}`;

beforeEach(startAsAna);

function Session({ onInsert }: { onInsert: (markdown: string) => void }) {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={onInsert} /> : null;
}

/**
 * A project whose conversation holds one reply, served by a fake server that keeps what is saved on
 * it; `failEdits` makes the server refuse every edit.
 */
function server(content: string, { failEdits = false } = {}) {
  let reply: ConversationEntry = entry({ id: REPLY_ID, role: 'assistant', content, wordsCharged: 8 });
  const request = entry({ id: USER_ENTRY_ID, role: 'user', content: 'Un anuncio de cargadores' });
  const edits: EditReplyBody[] = [];
  const inserted: string[] = [];
  const handlers = {
    [`GET /api/workspace/${WORKSPACE_ID}/style-rules`]: () =>
      json(200, { rules, language: 'es', updatedAt: '2026-11-27T00:00:00.000Z' }),
    [`GET /api/project/${PROJECT_ID}/conversation`]: () => json(200, wholeConversation([request, reply])),
    [EDIT]: (body: unknown) => {
      const edit = body as EditReplyBody;
      edits.push(edit);
      if (failEdits) return json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
      reply = {
        ...reply,
        ...(edit.content === undefined ? {} : { content: edit.content.trim() }),
        ...(edit.ignoredFindings === undefined ? {} : { ignoredFindings: edit.ignoredFindings }),
      };
      return json(200, {
        entryId: REPLY_ID,
        content: reply.content,
        ignoredFindings: reply.ignoredFindings ?? [],
      });
    },
  };
  /** Opens the chat as a reload does: a fresh page reading the conversation from the server. */
  const open = () => renderChat(<Session onInsert={(markdown) => inserted.push(markdown)} />, handlers);
  return { open, edits, inserted, saved: () => reply };
}

const replyText = async () => within(await screen.findByTestId('assistant-reply')).findByTestId('reply-text');

describe("a reply's style findings, fixed and ignored for everyone", () => {
  it('"Corregir todo" saves the fixed text: it stays after a reload, and insert takes it', async () => {
    const project = server('Un cargador revolucionario. Escríbenos un Mail!');
    const view = project.open();
    const issues = await screen.findByTestId('reply-style-issues');
    expect(within(issues).getByText('3 avisos de estilo')).toBeInTheDocument();
    expect(within(issues).getByText('«revolucionario» está prohibido')).toBeInTheDocument();
    expect(within(issues).getByText('«Mail» → «Email»')).toBeInTheDocument();

    await userEvent.click(within(issues).getByRole('button', { name: 'Corregir todo' }));
    await waitFor(() => expect(project.edits).toEqual([{ content: 'Un cargador. Escríbenos un Email!' }]));
    expect(await replyText()).toHaveTextContent('Un cargador. Escríbenos un Email!');
    // The limit stays: it needs a rewrite, which only the writer can make.
    expect(
      within(screen.getByTestId('reply-style-issues')).getByText('1 aviso de estilo'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Insertar en el documento' }));
    expect(project.inserted).toEqual(['Un cargador. Escríbenos un Email!']);

    view.unmount();
    project.open();
    await waitFor(async () =>
      expect(await replyText()).toHaveTextContent('Un cargador. Escríbenos un Email!'),
    );
    expect(
      within(await screen.findByTestId('reply-style-issues')).getByText('1 aviso de estilo'),
    ).toBeInTheDocument();
  });

  it('"Corregir" saves one fix and "Ignorar" saves the finding as ignored: neither comes back after a reload', async () => {
    const project = server('Un mail revolucionario.');
    const view = project.open();
    const issues = await screen.findByTestId('reply-style-issues');
    const [fixMail] = within(issues).getAllByRole('button', { name: 'Corregir' });
    await userEvent.click(fixMail!);
    await waitFor(async () => expect(await replyText()).toHaveTextContent('Un email revolucionario.'));
    await userEvent.click(within(issues).getByRole('button', { name: 'Ignorar' }));
    expect(screen.queryByTestId('reply-style-issues')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(project.edits).toEqual([
        { content: 'Un email revolucionario.' },
        { ignoredFindings: [`${rules[0]!.id}:revolucionario`] },
      ]),
    );

    view.unmount();
    project.open();
    await waitFor(async () => expect(await replyText()).toHaveTextContent('Un email revolucionario.'));
    expect(screen.queryByTestId('reply-style-issues')).not.toBeInTheDocument();
    expect(project.saved()).toMatchObject({
      content: 'Un email revolucionario.',
      ignoredFindings: [`${rules[0]!.id}:revolucionario`],
    });
  });

  it('a fix the server refuses is undone and said so', async () => {
    const project = server('Un mail revolucionario.', { failEdits: true });
    project.open();
    const issues = await screen.findByTestId('reply-style-issues');
    await userEvent.click(within(issues).getAllByRole('button', { name: 'Corregir' })[0]!);
    expect(
      await screen.findByText('No se pudo guardar el cambio en la respuesta: vuelve a estar como antes'),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await replyText()).toHaveTextContent('Un mail revolucionario.'));
    expect(
      within(screen.getByTestId('reply-style-issues')).getByText('2 avisos de estilo'),
    ).toBeInTheDocument();
    expect(project.edits).toHaveLength(1);
  });
});
