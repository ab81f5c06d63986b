import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationEntry, EditReplyBody } from '@redacta/shared';
import { json } from '../../../test/render';
import { startAsAna } from '../../../test/session';
import { changeLocale } from '@/lib/i18n';
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

/**
 * A project whose conversation holds one reply, served by a fake server that keeps what is saved on
 * it; `failEdits` makes the server refuse every edit.
 */
function server(content: string, { failEdits = false, rewritten = '' } = {}) {
  let reply: ConversationEntry = entry({ id: REPLY_ID, role: 'assistant', content, wordsCharged: 8 });
  const request = entry({ id: USER_ENTRY_ID, role: 'user', content: 'Un anuncio de cargadores' });
  const edits: EditReplyBody[] = [];
  const inserted: string[] = [];
  const handlers = {
    'POST /api/document/transform': () => transformStream(rewritten),
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
  it('"Corregir todo" saves the direct fixes, never deletes a banned phrase, and says so: the text stays after a reload, and insert takes it', async () => {
    const project = server('Un cargador revolucionario. Escríbenos un Mail!');
    const view = project.open();
    const issues = await screen.findByTestId('reply-style-issues');
    expect(within(issues).getByText('3 avisos de estilo')).toBeInTheDocument();
    expect(within(issues).getByText('«revolucionario» está prohibido')).toBeInTheDocument();
    expect(within(issues).getByText('«Mail» → «Email»')).toBeInTheDocument();

    await userEvent.click(within(issues).getByRole('button', { name: 'Corregir todo' }));
    await waitFor(() =>
      expect(project.edits).toEqual([{ content: 'Un cargador revolucionario. Escríbenos un Email!' }]),
    );
    expect(await replyText()).toHaveTextContent('Un cargador revolucionario. Escríbenos un Email!');
    // The banned phrase waits for its own rewrite; the limit needs the writer.
    const left = screen.getByTestId('reply-style-issues');
    expect(within(left).getByText('2 avisos de estilo')).toBeInTheDocument();
    expect(within(left).getByRole('status')).toHaveTextContent(
      'Las frases prohibidas no se borran: «Corregir» en cada una reescribe su frase para que la revises.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Insertar en el documento' }));
    expect(project.inserted).toEqual(['Un cargador revolucionario. Escríbenos un Email!']);

    view.unmount();
    const reloaded = project.open();
    await waitFor(async () =>
      expect(await replyText()).toHaveTextContent('Un cargador revolucionario. Escríbenos un Email!'),
    );
    expect(
      within(await screen.findByTestId('reply-style-issues')).getByText('2 avisos de estilo'),
    ).toBeInTheDocument();
    expect(reloaded.callsTo('POST /api/document/transform')).toHaveLength(0);
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
  it("a banned phrase's Corregir shows its sentence rewritten in the reply; accepting saves the reply", async () => {
    const content = 'Hola, Ana. ¿Buscas resultados sin revolucionario esfuerzo? Te ayudamos.';
    const project = server(content, { rewritten: '¿Buscas resultados sin esfuerzo?' });
    const view = project.open();
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
    expect(view.callsTo('POST /api/document/transform')[0]!.body).toMatchObject({
      workspaceId: WORKSPACE_ID,
      projectId: PROJECT_ID,
      action: 'avoid',
      phrase: 'revolucionario',
      text: '¿Buscas resultados sin revolucionario esfuerzo?',
    });
    // Until accepted, the reply keeps its words and nothing is saved.
    expect(await replyText()).toHaveTextContent(content);
    expect(project.edits).toEqual([]);

    await userEvent.click(within(preview).getByRole('button', { name: 'Aceptar' }));
    const fixed = 'Hola, Ana. ¿Buscas resultados sin esfuerzo? Te ayudamos.';
    await waitFor(() => expect(project.edits).toEqual([{ content: fixed }]));
    expect(await replyText()).toHaveTextContent(fixed);
    expect(screen.queryByTestId('reply-rewrite')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reply-style-issues')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Insertar en el documento' }));
    expect(project.inserted).toEqual([fixed]);

    view.unmount();
    project.open();
    await waitFor(async () => expect(await replyText()).toHaveTextContent(fixed));
  });

  it('discarding the rewrite leaves the reply as it was; in English the same flow speaks English', async () => {
    const content = 'A revolucionario launch. Write to us.';
    const project = server(content, { rewritten: 'A bold launch.' });
    project.open();
    const issues = await screen.findByTestId('reply-style-issues');
    await userEvent.click(within(issues).getByRole('button', { name: 'Corregir' }));
    const preview = await screen.findByTestId('reply-rewrite');
    await within(preview).findByText('A bold launch.');
    await userEvent.click(within(preview).getByRole('button', { name: 'Descartar' }));
    expect(screen.queryByTestId('reply-rewrite')).not.toBeInTheDocument();
    expect(await replyText()).toHaveTextContent(content);
    expect(project.edits).toEqual([]);

    await changeLocale('en');
    await userEvent.click(within(issues).getByRole('button', { name: 'Fix' }));
    const english = await screen.findByTestId('reply-rewrite');
    expect(within(english).getByText('Rewrite without the banned phrase')).toBeInTheDocument();
    await within(english).findByText('A bold launch.');
    await userEvent.click(within(english).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(project.edits).toEqual([{ content: 'A bold launch. Write to us.' }]));
    expect(await replyText()).toHaveTextContent('A bold launch. Write to us.');
  });
});
