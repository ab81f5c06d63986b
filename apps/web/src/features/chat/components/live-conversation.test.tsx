import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ConversationEntry, LiveConversationPart, LiveReply } from '@redacta/shared';
import { json } from '../../../../test/render';
import { me, pricingCitation } from '../../../../test/fixtures';
import { useSession } from '@/features/session';
import { ChatSession } from './chat-session';
import { ChatTitle } from './chat-header';
import {
  entry,
  liveConversationStream,
  PROJECT_ID,
  projectFixture,
  renderChat,
  wholeConversation,
} from '../test/chat-fixtures';
import { feedRows, liveReplyKey, liveRequestKey } from './feed-rows';
import { applyLivePart, followedExchanges, type LiveExchange } from '../hooks/live-exchanges';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const BEN = { id: '55555555-5555-4555-8555-555555555555', name: 'Ben Ortiz' };
const CONVERSATION = `GET /api/project/${PROJECT_ID}/conversation`;
const LIVE = `GET /api/project/${PROJECT_ID}/conversation/live`;

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

const reply = (fields: Partial<LiveReply> = {}): LiveReply => ({
  userEntryId: id(10),
  sender: BEN,
  message: 'Un eslogan para el verano',
  regenerate: false,
  text: '',
  ...fields,
});
const pricing = pricingCitation;
const exchange = ({ text = '', ...fields }: Partial<LiveExchange> & { text?: string } = {}): LiveExchange => {
  const { text: _text, variant: _variant, ...request } = reply();
  return { ...request, versions: [{ text, ended: false }], ended: false, ...fields };
};

describe('the live conversation in the chat', () => {
  it("shows a teammate's request with their name and the reply as it streams, then the saved entries", async () => {
    const stream = { current: null as ReturnType<typeof liveConversationStream> | null };
    let saved: ConversationEntry[] = [];
    renderChat(<Session />, {
      [CONVERSATION]: () => json(200, wholeConversation(saved)),
      [LIVE]: (_body, init) => {
        stream.current = liveConversationStream(init.signal);
        return stream.current.response;
      },
    });
    await waitFor(() => expect(stream.current).not.toBeNull());
    stream.current!.push({ type: 'replies', replies: [] });
    stream.current!.push({ type: 'request', reply: reply() });

    const request = await screen.findByRole('article', { name: 'Mensaje de Ben Ortiz' });
    expect(within(request).getByTestId('message-author')).toHaveTextContent('Ben Ortiz');
    expect(request).toHaveTextContent('Un eslogan para el verano');
    stream.current!.push({ type: 'text', userEntryId: id(10), seq: 0, text: 'Sol, mar ' });
    stream.current!.push({ type: 'text', userEntryId: id(10), seq: 1, text: 'y tu marca.' });
    await waitFor(() =>
      expect(screen.getAllByTestId('assistant-reply').at(-1)).toHaveTextContent('Sol, mar y tu marca.'),
    );

    // Saved: the conversation is read again and its entries take the live exchange's place, once,
    // the request still with its sender's name.
    saved = [
      entry({ id: id(10), role: 'user', content: 'Un eslogan para el verano', author: BEN }),
      entry({ id: id(11), role: 'assistant', content: 'Sol, mar y tu marca.' }),
    ];
    stream.current!.push({ type: 'end', userEntryId: id(10), messageId: id(11) });
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Mensaje de Ben Ortiz' })).toHaveAttribute(
        'data-entry-id',
        id(10),
      ),
    );
    expect(screen.getAllByTestId('message-author')).toHaveLength(1);
    expect(screen.getAllByTestId('user-message')).toHaveLength(1);
    expect(screen.getAllByTestId('assistant-reply')).toHaveLength(1);
    expect(screen.getByTestId('assistant-reply')).toHaveTextContent('Sol, mar y tu marca.');
  });

  it('shows a request sent through an API key as "API · <key name>", one of one’s own keys too', async () => {
    const saved = [
      entry({
        id: id(20),
        role: 'user',
        content: 'Del catálogo',
        author: { id: me.id, name: 'Ana', apiKey: { id: id(99), name: 'Catálogo' } },
      }),
      entry({ id: id(21), role: 'assistant', content: 'Hecho.' }),
      entry({ id: id(22), role: 'user', content: 'Mío', author: { id: me.id, name: 'Ana' } }),
    ];
    renderChat(<Session />, {
      [CONVERSATION]: () => json(200, wholeConversation(saved)),
      [LIVE]: (_body, init) => liveConversationStream(init.signal).response,
    });
    const request = await screen.findByRole('article', { name: 'Mensaje de API · Catálogo' });
    expect(within(request).getByTestId('message-author')).toHaveTextContent('API · Catálogo');
    expect(screen.getAllByTestId('message-author')).toHaveLength(1);
  });

  it('shows a request of someone who deleted their account as "Antiguo miembro"', async () => {
    const saved = [
      entry({ id: id(30), role: 'user', content: 'Un eslogan', formerMember: true }),
      entry({ id: id(31), role: 'assistant', content: 'Hecho.' }),
    ];
    renderChat(<Session />, {
      [CONVERSATION]: () => json(200, wholeConversation(saved)),
      [LIVE]: (_body, init) => liveConversationStream(init.signal).response,
    });
    const request = await screen.findByRole('article', { name: 'Mensaje de Antiguo miembro' });
    expect(within(request).getByTestId('message-author')).toHaveTextContent('Antiguo miembro');
  });

  it('shows a request followed live that came through an API key as "API · <key name>"', async () => {
    const stream = { current: null as ReturnType<typeof liveConversationStream> | null };
    renderChat(<Session />, {
      [CONVERSATION]: () => json(200, wholeConversation([])),
      [LIVE]: (_body, init) => {
        stream.current = liveConversationStream(init.signal);
        return stream.current.response;
      },
    });
    await waitFor(() => expect(stream.current).not.toBeNull());
    stream.current!.push({ type: 'replies', replies: [] });
    stream.current!.push({ type: 'request', reply: reply({ apiKey: { id: id(99), name: 'Catálogo' } }) });
    const request = await screen.findByRole('article', { name: 'Mensaje de API · Catálogo' });
    expect(request).toHaveTextContent('Un eslogan para el verano');
  });

  it("shows the project's new name in the header when a teammate's first message names it", async () => {
    const stream = { current: null as ReturnType<typeof liveConversationStream> | null };
    renderChat(
      <>
        <ChatTitle />
        <Session />
      </>,
      {
        [CONVERSATION]: () => json(200, wholeConversation([])),
        [LIVE]: (_body, init) => {
          stream.current = liveConversationStream(init.signal);
          return stream.current.response;
        },
      },
    );
    expect(await screen.findByRole('button', { name: new RegExp(projectFixture.name) })).toBeInTheDocument();
    await waitFor(() => expect(stream.current).not.toBeNull());
    stream.current!.push({ type: 'replies', replies: [] });
    stream.current!.push({ type: 'request', reply: reply({ projectName: 'Un eslogan para el verano' }) });
    expect(await screen.findByRole('button', { name: /Un eslogan para el verano/ })).toBeInTheDocument();
  });

  it("shows a teammate's versions written side by side as they grow, until the last one is saved", async () => {
    const stream = { current: null as ReturnType<typeof liveConversationStream> | null };
    renderChat(<Session />, {
      [CONVERSATION]: () => json(200, wholeConversation([])),
      [LIVE]: (_body, init) => {
        stream.current = liveConversationStream(init.signal);
        return stream.current.response;
      },
    });
    await waitFor(() => expect(stream.current).not.toBeNull());
    stream.current!.push({ type: 'replies', replies: [] });
    stream.current!.push({ type: 'request', reply: reply({ variant: 0 }) });
    stream.current!.push({ type: 'request', reply: reply({ variant: 1 }) });
    stream.current!.push({ type: 'text', userEntryId: id(10), seq: 0, text: 'Sol y mar.', variant: 0 });
    stream.current!.push({ type: 'text', userEntryId: id(10), seq: 0, text: 'Verano azul.', variant: 1 });
    await waitFor(() => expect(screen.getAllByTestId('reply-variant')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('reply-variant');
    expect(first).toHaveTextContent('Sol y mar.');
    expect(second).toHaveTextContent('Verano azul.');
    // One saved, the other still being written: both stay side by side.
    stream.current!.push({ type: 'end', userEntryId: id(10), messageId: id(12), variant: 1 });
    stream.current!.push({ type: 'text', userEntryId: id(10), seq: 1, text: ' Y arena.', variant: 0 });
    await waitFor(() =>
      expect(screen.getAllByTestId('reply-variant')[0]).toHaveTextContent('Sol y mar. Y arena.'),
    );
    expect(screen.getAllByTestId('reply-variant')).toHaveLength(2);
  });

  it("shows the [n] of a teammate's reply that uses knowledge as citations while it streams", async () => {
    const stream = { current: null as ReturnType<typeof liveConversationStream> | null };
    renderChat(<Session />, {
      [CONVERSATION]: () => json(200, wholeConversation([])),
      [LIVE]: (_body, init) => {
        stream.current = liveConversationStream(init.signal);
        return stream.current.response;
      },
    });
    await waitFor(() => expect(stream.current).not.toBeNull());
    stream.current!.push({ type: 'replies', replies: [] });
    stream.current!.push({ type: 'request', reply: reply() });
    stream.current!.push({ type: 'sources', userEntryId: id(10), sources: [pricing] });
    stream.current!.push({ type: 'text', userEntryId: id(10), seq: 0, text: 'Cuesta 29 € [1] al mes.' });
    const citation = await screen.findByRole('button', { name: 'Fuente 1: tarifas-2027.pdf' });
    expect(citation).toHaveTextContent('[1]');
    expect(screen.getAllByTestId('assistant-reply').at(-1)).toContainElement(citation);
  });

  it('after a reload mid-reply shows the text so far, then goes on', async () => {
    const stream = { current: null as ReturnType<typeof liveConversationStream> | null };
    const asked = entry({
      id: id(10),
      role: 'user',
      content: 'Un eslogan para el verano',
      author: { id: me.id, name: me.name },
    });
    renderChat(<Session />, {
      [CONVERSATION]: () => json(200, wholeConversation([asked])),
      [LIVE]: (_body, init) => {
        stream.current = liveConversationStream(init.signal);
        return stream.current.response;
      },
    });
    await waitFor(() => expect(stream.current).not.toBeNull());
    stream.current!.push({
      type: 'replies',
      replies: [reply({ sender: { id: me.id, name: me.name }, text: 'Sol, mar ' })],
    });
    await waitFor(() => expect(screen.getByTestId('assistant-reply')).toHaveTextContent('Sol, mar'));
    // One's own request carries no name, and shows once (saved, with its reply after it).
    expect(screen.queryByTestId('message-author')).toBeNull();
    expect(screen.getAllByTestId('user-message')).toHaveLength(1);
    stream.current!.push({ type: 'text', userEntryId: id(10), seq: 1, text: 'y tu marca.' });
    await waitFor(() =>
      expect(screen.getByTestId('assistant-reply')).toHaveTextContent('Sol, mar y tu marca.'),
    );
  });

  it("shows a reply's style fixes a teammate saved as they are saved, without reading the conversation again", async () => {
    const stream = { current: null as ReturnType<typeof liveConversationStream> | null };
    const { callsTo } = renderChat(<Session />, {
      [CONVERSATION]: () =>
        json(
          200,
          wholeConversation([
            entry({ id: id(10), role: 'user', content: 'Un eslogan', author: BEN }),
            entry({ id: id(11), role: 'assistant', content: 'Escríbenos un mail.' }),
          ]),
        ),
      [LIVE]: (_body, init) => {
        stream.current = liveConversationStream(init.signal);
        return stream.current.response;
      },
    });
    await waitFor(() => expect(stream.current).not.toBeNull());
    stream.current!.push({ type: 'replies', replies: [] });
    await waitFor(() =>
      expect(screen.getByTestId('assistant-reply')).toHaveTextContent('Escríbenos un mail.'),
    );
    const reads = callsTo(CONVERSATION).length;
    stream.current!.push({
      type: 'edited',
      entryId: id(11),
      content: 'Escríbenos un email.',
      ignoredFindings: ['regla:mail'],
    });
    await waitFor(() =>
      expect(screen.getByTestId('assistant-reply')).toHaveTextContent('Escríbenos un email.'),
    );
    expect(callsTo(CONVERSATION)).toHaveLength(reads);
  });
});

describe('live exchanges', () => {
  it('follow the parts: a snapshot replaces them, requests add, text grows, end marks saved', () => {
    let state = applyLivePart([], { type: 'replies', replies: [reply({ text: 'Ho' })] });
    state = applyLivePart(state, { type: 'request', reply: reply() });
    expect(state).toHaveLength(1);
    state = applyLivePart(state, { type: 'text', userEntryId: id(10), seq: 1, text: 'la' });
    expect(state[0]).toMatchObject({ versions: [{ text: 'Hola', ended: false }], ended: false });
    state = applyLivePart(state, { type: 'end', userEntryId: id(10), messageId: id(11) });
    expect(state[0]!.ended).toBe(true);
    expect(applyLivePart(state, { type: 'ping' })).toBe(state);
  });

  it('keep the sources a reply cites, from its request, a snapshot or a sources part, for all its versions', () => {
    const cited = applyLivePart([], { type: 'request', reply: reply({ sources: [pricing] }) });
    expect(cited[0]!.sources).toEqual([pricing]);
    expect(applyLivePart([], { type: 'replies', replies: [reply({ sources: [pricing] })] })).toEqual(cited);

    const sourcesPart = (userEntryId: string, variant: number): LiveConversationPart => ({
      type: 'sources',
      userEntryId,
      sources: [pricing],
      variant,
    });
    let versions = applyLivePart([], { type: 'request', reply: reply({ variant: 0 }) });
    versions = applyLivePart(versions, { type: 'request', reply: reply({ variant: 1 }) });
    expect(versions[0]!.sources).toBeUndefined();
    versions = applyLivePart(versions, sourcesPart(id(10), 0));
    expect(versions[0]).toMatchObject({ sources: [pricing], versions: [{ text: '' }, { text: '' }] });
    // The other version names the same sources, and a part about another reply leaves this one be.
    expect(applyLivePart(versions, sourcesPart(id(10), 1))[0]).toBe(versions[0]);
    expect(applyLivePart(versions, sourcesPart(id(30), 0))[0]).toBe(versions[0]);

    const rows = feedRows([], null, cited, me.id);
    expect(rows[1]).toMatchObject({ kind: 'reply', sources: [pricing] });
  });

  it("leave aside the tab's own exchange: by its id once started, by its sender before", () => {
    const mine = exchange({ userEntryId: id(20), sender: { id: me.id, name: me.name } });
    const theirs = exchange();
    expect(followedExchanges([mine, theirs], null, me.id)).toEqual([mine, theirs]);
    expect(followedExchanges([mine, theirs], { userEntryId: null }, me.id)).toEqual([theirs]);
    expect(followedExchanges([mine, theirs], { userEntryId: id(20) }, me.id)).toEqual([theirs]);
  });

  it('sit after their saved request (in place of the reply they regenerate), or at the end', () => {
    const saved = [
      entry({ id: id(0), role: 'user', content: 'Primera' }),
      entry({ id: id(1), role: 'assistant', content: 'Vieja' }),
      entry({ id: id(2), role: 'user', content: 'Segunda' }),
      entry({ id: id(3), role: 'assistant', content: 'Otra' }),
    ];
    const regenerating = exchange({ userEntryId: id(0), regenerate: true, text: 'Nueva' });
    const asking = exchange({ userEntryId: id(10), text: 'Res' });
    const rows = feedRows(saved, null, [regenerating, asking], me.id);
    expect(rows.map((row) => row.key)).toEqual([
      id(0),
      liveReplyKey(id(0)),
      id(2),
      id(3),
      liveRequestKey(id(10)),
      liveReplyKey(id(10)),
    ]);
    expect(rows[1]).toMatchObject({ kind: 'reply', content: 'Nueva' });
    expect(rows[4]).toMatchObject({
      kind: 'request',
      content: 'Un eslogan para el verano',
      author: 'Ben Ortiz',
    });
  });
});
