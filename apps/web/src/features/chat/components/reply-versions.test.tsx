import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { changeLocale } from '@/lib/i18n';
import { ChatSession } from './chat-session';
import { ChatTitle } from './chat-header';
import {
  controlledStream,
  entry,
  liveConversationStream,
  PROJECT_ID,
  projectFixture,
  renderChat,
  REPLY_ID,
  USER_ENTRY_ID,
  WORKSPACE_ID,
} from '../test/chat-fixtures';

const SEND = 'POST /api/chat/send-request-stream';
const CONVERSATION = `GET /api/project/${PROJECT_ID}/conversation`;
const SHOW = `PATCH /api/project/${PROJECT_ID}/conversation/shown-version`;
const FIRST_ID = '66666666-6666-4666-8666-666666666666';
const NEW_ID = '77777777-7777-4777-8777-777777777777';

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

const request = entry({ id: USER_ENTRY_ID, role: 'user', content: 'Un eslogan para una panadería' });
const first = entry({ id: FIRST_ID, role: 'assistant', content: 'Pan de verdad.', reaction: 'down' });
const second = entry({ id: REPLY_ID, role: 'assistant', content: 'Cada mañana, pan recién hecho.' });
const version = ({ id, content, status, model, demo, wordsCharged, createdAt, reaction }: typeof first) => ({
  id,
  content,
  status,
  model,
  demo,
  wordsCharged,
  createdAt,
  reaction,
});
/** The conversation as the server lists it after one Regenerate: the newest version shown. */
const regenerated = [request, { ...second, versions: [version(first), version(second)] }];

/** `entries` is what the server's conversation holds: a test changes it as the server would. */
function renderConversation(
  entries: unknown[],
  handlers: Parameters<typeof renderChat>[1] = {},
  element = <Session />,
) {
  const streams: ReturnType<typeof controlledStream>[] = [];
  const rendered = renderChat(element, {
    [CONVERSATION]: () =>
      json(200, { projectId: PROJECT_ID, entries: [...entries], hasMore: false, nextCursor: null }),
    [SEND]: (_body, init) => {
      const stream = controlledStream(init.signal);
      streams.push(stream);
      return stream.response;
    },
    [SHOW]: (body) => json(200, body),
    ...handlers,
  });
  return { ...rendered, streams };
}

const replies = () => screen.getAllByTestId('assistant-reply');
const reply = () => replies().at(-1)!;

beforeEach(startSignedOut);
afterEach(() => vi.unstubAllGlobals());

describe('the version switcher of a regenerated reply', () => {
  it('shows "2/2" and switches to the earlier version and back, saving the choice', async () => {
    const { callsTo } = renderConversation(regenerated);
    await screen.findByText('Cada mañana, pan recién hecho.');
    const versions = within(reply()).getByRole('group', { name: 'Versiones de la respuesta' });
    expect(versions).toHaveTextContent('2/2');
    expect(within(versions).getByText('Versión 2 de 2')).toBeInTheDocument();
    const previous = within(versions).getByRole('button', { name: 'Versión anterior' });
    const next = within(versions).getByRole('button', { name: 'Versión siguiente' });
    expect(next).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(previous);
    expect(reply()).toHaveTextContent('Pan de verdad.');
    expect(reply()).not.toHaveTextContent('Cada mañana');
    expect(within(reply()).getByText('Versión 1 de 2')).toBeInTheDocument();
    // Each version keeps its own reaction.
    expect(within(reply()).getByRole('button', { name: 'Mala respuesta' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(callsTo(SHOW).map((call) => call.body)).toEqual([{ entryId: FIRST_ID }]));

    // Clicking the end of the list does nothing; the other way goes back.
    await userEvent.click(within(reply()).getByRole('button', { name: 'Versión anterior' }));
    expect(callsTo(SHOW)).toHaveLength(1);
    await userEvent.click(within(reply()).getByRole('button', { name: 'Versión siguiente' }));
    expect(reply()).toHaveTextContent('Cada mañana, pan recién hecho.');
    await waitFor(() => expect(callsTo(SHOW)).toHaveLength(2));
    expect(callsTo(SHOW)[1]!.body).toEqual({ entryId: REPLY_ID });
  });

  it('a version chosen while the conversation is read again stays chosen when the older reading arrives', async () => {
    const live = { push: (_part: { type: 'replies'; replies: [] }) => {} };
    let answerReading = (_response: Response) => {};
    const readings: Promise<Response>[] = [];
    const page = () =>
      json(200, { projectId: PROJECT_ID, entries: [...regenerated], hasMore: false, nextCursor: null });
    const { callsTo } = renderConversation(regenerated, {
      // The first reading at once; the one the live conversation asks for when it connects waits.
      [CONVERSATION]: () => {
        if (readings.length > 0) {
          readings.push(new Promise<Response>((resolve) => (answerReading = resolve)));
          return readings.at(-1)!;
        }
        readings.push(Promise.resolve(page()));
        return readings[0]!;
      },
      [`GET /api/project/${PROJECT_ID}/conversation/live`]: (_body, init) => {
        const stream = liveConversationStream(init.signal);
        live.push = stream.push;
        return stream.response;
      },
    });
    await screen.findByText('Cada mañana, pan recién hecho.');
    await waitFor(() => expect(callsTo(`GET /api/project/${PROJECT_ID}/conversation/live`)).toHaveLength(1));
    live.push({ type: 'replies', replies: [] });
    await waitFor(() => expect(callsTo(CONVERSATION)).toHaveLength(2));

    await userEvent.click(within(reply()).getByRole('button', { name: 'Versión anterior' }));
    expect(reply()).toHaveTextContent('Pan de verdad.');
    // Read before the choice was saved: the server still showed the newer version.
    answerReading(page());
    await waitFor(() => expect(callsTo(SHOW)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reply()).toHaveTextContent('Pan de verdad.');
    expect(within(reply()).getByText('Versión 1 de 2')).toBeInTheDocument();
  });

  it('works from the keyboard, keeping the focus on the switcher', async () => {
    renderConversation(regenerated);
    await screen.findByText('Cada mañana, pan recién hecho.');
    const previous = within(reply()).getByRole('button', { name: 'Versión anterior' });
    previous.focus();
    await userEvent.keyboard('{Enter}');
    expect(reply()).toHaveTextContent('Pan de verdad.');
    expect(within(reply()).getByRole('button', { name: 'Versión anterior' })).toHaveFocus();
    await userEvent.tab();
    expect(within(reply()).getByRole('button', { name: 'Versión siguiente' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(reply()).toHaveTextContent('Cada mañana, pan recién hecho.');
  });

  it('copy, insert and reactions act on the version shown', async () => {
    const REACT = `PATCH /api/workspace/${WORKSPACE_ID}/add-reaction/${FIRST_ID}`;
    const { callsTo } = renderConversation(regenerated, {
      [REACT]: (body) => json(200, { entryId: FIRST_ID, value: (body as { value: unknown }).value }),
    });
    await screen.findByText('Cada mañana, pan recién hecho.');
    await userEvent.click(within(reply()).getByRole('button', { name: 'Versión anterior' }));
    await userEvent.click(within(reply()).getByRole('button', { name: 'Buena respuesta' }));
    await waitFor(() => expect(callsTo(REACT).map((call) => call.body)).toEqual([{ value: 'up' }]));
    await waitFor(() =>
      expect(within(reply()).getByRole('button', { name: 'Buena respuesta' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    // The newer version's reaction is its own.
    await userEvent.click(within(reply()).getByRole('button', { name: 'Versión siguiente' }));
    expect(within(reply()).getByRole('button', { name: 'Buena respuesta' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('a failed switch puts the shown version back and says so', async () => {
    renderConversation(regenerated, {
      [SHOW]: () => json(500, { error: { code: 'INTERNAL', message: 'boom' } }),
    });
    await screen.findByText('Cada mañana, pan recién hecho.');
    await userEvent.click(within(reply()).getByRole('button', { name: 'Versión anterior' }));
    expect(await screen.findByText('No se pudo cambiar de versión')).toBeInTheDocument();
    await waitFor(() => expect(reply()).toHaveTextContent('Cada mañana, pan recién hecho.'));
  });

  it('a reply with one version has no switcher', async () => {
    renderConversation([request, first]);
    await screen.findByText('Pan de verdad.');
    expect(screen.queryByTestId('reply-versions')).not.toBeInTheDocument();
  });

  it('speaks English too', async () => {
    await changeLocale('en');
    renderConversation(regenerated);
    await screen.findByText('Cada mañana, pan recién hecho.');
    expect(within(reply()).getByRole('group', { name: 'Reply versions' })).toHaveTextContent('2/2');
    expect(within(reply()).getByRole('button', { name: 'Previous version' })).toBeInTheDocument();
    expect(within(reply()).getByRole('button', { name: 'Next version' })).toBeInTheDocument();
    expect(within(reply()).getByText('Version 2 of 2')).toBeInTheDocument();
  });
});

describe('Regenerate in place', () => {
  it('streams the new reply where the old one was, then offers both versions', async () => {
    const saved: unknown[] = [request, first];
    const { streams } = renderConversation(saved);
    await screen.findByText('Pan de verdad.');
    await userEvent.click(within(reply()).getByRole('button', { name: 'Regenerar' }));
    await waitFor(() => expect(streams).toHaveLength(1));
    // The request is not shown again, and the old reply gives its place to the new one.
    expect(screen.getAllByTestId('user-message')).toHaveLength(1);
    expect(replies()).toHaveLength(1);
    expect(screen.queryByText('Pan de verdad.')).not.toBeInTheDocument();

    const stream = streams[0]!;
    stream.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    stream.push({ type: 'text', text: 'Cada mañana, pan recién hecho.' });
    await waitFor(() => expect(reply()).toHaveTextContent('Cada mañana, pan recién hecho.'));
    const fresh = { ...second, id: NEW_ID };
    saved.splice(1, 1, { ...fresh, versions: [version(first), version(fresh)] });
    stream.push({ type: 'finish', messageId: NEW_ID, wordsCharged: 5, remaining: 1980 });
    stream.close();
    await screen.findByRole('button', { name: 'Enviar' });

    expect(screen.getAllByTestId('user-message')).toHaveLength(1);
    expect(replies()).toHaveLength(1);
    expect(within(reply()).getByText('Versión 2 de 2')).toBeInTheDocument();
    await userEvent.click(within(reply()).getByRole('button', { name: 'Versión anterior' }));
    expect(reply()).toHaveTextContent('Pan de verdad.');
  });

  it('a stopped new version keeps its place and takes 👍/👎 once the server has saved it', async () => {
    const saved: unknown[] = [request, first];
    const { streams, callsTo } = renderConversation(saved);
    await screen.findByText('Pan de verdad.');
    await userEvent.click(within(reply()).getByRole('button', { name: 'Regenerar' }));
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false });
    streams[0]!.push({ type: 'text', text: 'Cada mañana' });
    await waitFor(() => expect(reply()).toHaveTextContent('Cada mañana'));
    await userEvent.click(screen.getByRole('button', { name: 'Detener' }));
    await screen.findByRole('button', { name: 'Enviar' });
    expect(replies()).toHaveLength(1);
    expect(within(reply()).getByTestId('reply-status')).toHaveTextContent('Detenida');
    expect(within(reply()).getByText('Versión 2 de 2')).toBeInTheDocument();
    expect(within(reply()).queryByRole('button', { name: 'Buena respuesta' })).not.toBeInTheDocument();

    // The server saves the stopped version once it notices the stop; until then it lists the old one,
    // which must not take the new one's place.
    const reads = callsTo(CONVERSATION).length;
    await waitFor(() => expect(callsTo(CONVERSATION).length).toBeGreaterThan(reads), { timeout: 3000 });
    expect(reply()).toHaveTextContent('Cada mañana');
    expect(reply()).not.toHaveTextContent('Pan de verdad.');
    const stopped = { ...second, id: NEW_ID, content: 'Cada mañana,', status: 'aborted' as const };
    saved.splice(1, 1, { ...stopped, versions: [version(first), version(stopped)] });
    await waitFor(
      () => expect(within(reply()).getByRole('button', { name: 'Buena respuesta' })).toBeInTheDocument(),
      { timeout: 3000 },
    );
    expect(reply()).toHaveTextContent('Cada mañana,');
    expect(within(reply()).getByText('Versión 2 de 2')).toBeInTheDocument();
  });

  it('a failure before the first word keeps the old reply as it was', async () => {
    renderConversation([request, first], {
      [SEND]: () => json(502, { error: { code: 'AI_PROVIDER_ERROR', message: 'down' } }),
    });
    await screen.findByText('Pan de verdad.');
    await userEvent.click(within(reply()).getByRole('button', { name: 'Regenerar' }));
    expect(await screen.findByText('Fallo al generar respuesta')).toBeInTheDocument();
    expect(reply()).toHaveTextContent('Pan de verdad.');
    expect(screen.queryByTestId('reply-versions')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
  });
});

describe('the demo writer’s replies', () => {
  it('carry a label beside the text, saved or streaming, and others do not', async () => {
    const { streams } = renderConversation([request, { ...first, demo: true }]);
    await screen.findByText('Pan de verdad.');
    expect(within(reply()).getByTestId('demo-label')).toHaveTextContent('Redactor de demostración');
    expect(within(reply()).getByTestId('reply-text')).not.toHaveTextContent('demostración');

    await userEvent.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'Otro{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.push({ type: 'start', userEntryId: NEW_ID, model: 'GPT', demo: false });
    streams[0]!.push({ type: 'text', text: 'Texto real' });
    await waitFor(() => expect(reply()).toHaveTextContent('Texto real'));
    expect(within(reply()).queryByTestId('demo-label')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('demo-label')).toHaveLength(1);
  });
});

describe('a project named by its first message', () => {
  it('shows the new name in the header as soon as the stream says so', async () => {
    const { streams } = renderConversation(
      [],
      {},
      <>
        <ChatTitle />
        <Session />
      </>,
    );
    expect(await screen.findByRole('button', { name: new RegExp(projectFixture.name) })).toBeInTheDocument();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Mensaje' }),
      'Un eslogan para una panadería{Enter}',
    );
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.push({
      type: 'start',
      userEntryId: USER_ENTRY_ID,
      model: 'Demo',
      demo: false,
      projectName: 'Un eslogan para una panadería',
    });
    expect(await screen.findByRole('button', { name: /Un eslogan para una panadería/ })).toBeInTheDocument();
  });
});
