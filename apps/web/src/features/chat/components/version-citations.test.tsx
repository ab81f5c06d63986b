import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationEntry, LiveReply } from '@redacta/shared';
import { json } from '../../../../test/render';
import { pricingCitation, pricingSource } from '../../../../test/fixtures';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { ChatSession } from './chat-session';
import { feedRows } from './feed-rows';
import {
  controlledStream,
  entry,
  liveConversationStream,
  PROJECT_ID,
  renderChat,
  USER_ENTRY_ID,
  WORKSPACE_ID,
  wholeConversation,
} from '../test/chat-fixtures';

const SEND = 'POST /api/chat/send-request-stream';
const CONVERSATION = `GET /api/project/${PROJECT_ID}/conversation`;
const LIVE = `GET /api/project/${PROJECT_ID}/conversation/live`;
const KNOWLEDGE = `GET /api/workspace/${WORKSPACE_ID}/knowledge`;
const IDS = ['55555555-5555-4555-8555-555555555550', '55555555-5555-4555-8555-555555555551'];
const TEXTS = ['El plan Pro cuesta 29 € [1].', 'Por 29 € al mes [1], el plan Pro.'];
const CITATION_NAME = 'Fuente 1: tarifas-2027.pdf';

const pricing = pricingCitation;
const ready = pricingSource;

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

/** Every version's column shows its [1] as a link to the passage it cites. */
async function expectCitedInEveryVersion() {
  await waitFor(() => {
    const columns = screen.getAllByTestId('reply-variant');
    expect(columns).toHaveLength(2);
    for (const column of columns) {
      expect(within(column).getByRole('button', { name: CITATION_NAME })).toHaveTextContent('[1]');
    }
  });
}

beforeEach(startSignedOut);

describe('versions written side by side that use knowledge', () => {
  it('cite the sources part as [n] in every version while they stream, and once saved to choose from', async () => {
    const streams: ReturnType<typeof controlledStream>[] = [];
    const saved: ConversationEntry[] = [];
    renderChat(<Session />, {
      [KNOWLEDGE]: () => json(200, { sources: [ready], reindexing: false }),
      [CONVERSATION]: () => json(200, wholeConversation(saved)),
      [SEND]: (_body, init) => {
        const stream = controlledStream(init.signal);
        streams.push(stream);
        return stream.response;
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: '2 versiones' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Mensaje' }),
      '¿Cuánto cuesta el plan Pro?{Enter}',
    );
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    stream.push({ type: 'start', userEntryId: USER_ENTRY_ID, model: 'Demo', demo: false, variants: 2 });
    stream.push({ type: 'sources', sources: [pricing] });
    TEXTS.forEach((text, variant) => stream.push({ type: 'text', text, variant }));
    await expectCitedInEveryVersion();

    // Saved: the conversation read again lists the shown version with the sources all versions cite.
    const versions = IDS.map((id, index) => {
      const {
        role: _role,
        author: _author,
        promptId: _p,
        liveSearch: _l,
        versions: _v,
        ...version
      } = entry({
        id,
        role: 'assistant',
        content: TEXTS[index]!,
        sources: [pricing],
      });
      return version;
    });
    saved.push(
      entry({ id: USER_ENTRY_ID, role: 'user', content: '¿Cuánto cuesta el plan Pro?' }),
      entry({ id: IDS[1]!, role: 'assistant', content: TEXTS[1]!, sources: [pricing], versions }),
    );
    TEXTS.forEach((text, variant) =>
      stream.push({
        type: 'finish',
        variant,
        messageId: IDS[variant]!,
        wordsCharged: text.split(' ').length,
        remaining: 1990 - variant * 8,
      }),
    );
    stream.close();
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Usar esta' })).toHaveLength(2);
    await expectCitedInEveryVersion();

    const second = screen.getAllByTestId('reply-variant')[1]!;
    await userEvent.click(within(second).getByRole('button', { name: CITATION_NAME }));
    const passage = await screen.findByRole('dialog', { name: /tarifas-2027\.pdf/ });
    expect(passage).toHaveTextContent('El plan Pro cuesta 29 € al mes.');
  }, 30_000);

  it("cite them in every version of a teammate's request followed live", async () => {
    const live = { current: null as ReturnType<typeof liveConversationStream> | null };
    renderChat(<Session />, {
      [CONVERSATION]: () => json(200, wholeConversation([])),
      [LIVE]: (_body, init) => {
        live.current = liveConversationStream(init.signal);
        return live.current.response;
      },
    });
    await waitFor(() => expect(live.current).not.toBeNull());
    const stream = live.current!;
    const userEntryId = '00000000-0000-4000-8000-000000000010';
    const request = (variant: number): LiveReply => ({
      userEntryId,
      sender: { id: '55555555-5555-4555-8555-555555555555', name: 'Ben Ortiz' },
      message: '¿Cuánto cuesta el plan Pro?',
      regenerate: false,
      text: '',
      variant,
    });
    stream.push({ type: 'replies', replies: [] });
    stream.push({ type: 'request', reply: request(0) });
    stream.push({ type: 'request', reply: request(1) });
    stream.push({ type: 'sources', userEntryId, sources: [pricing], variant: 0 });
    TEXTS.forEach((text, variant) => stream.push({ type: 'text', userEntryId, seq: 0, text, variant }));
    await expectCitedInEveryVersion();
  });

  it('carry their one sources list on the versions row, streaming, followed live and offered to choose from', () => {
    const drafts = TEXTS.map((text, index) => ({
      text,
      messageId: IDS[index]!,
      wordsCharged: 6,
      status: 'complete' as const,
    }));
    const asked = entry({ id: USER_ENTRY_ID, role: 'user', content: '¿Cuánto cuesta el plan Pro?' });
    const answer = entry({ id: IDS[1]!, role: 'assistant', content: TEXTS[1]!, sources: [pricing] });
    const chosen = feedRows([asked, answer], null, [], undefined, {
      userEntryId: USER_ENTRY_ID,
      versions: drafts,
    });
    expect(chosen[1]).toMatchObject({ kind: 'versions', sources: [pricing] });

    const pending = {
      message: '¿Cuánto cuesta el plan Pro?',
      regenerates: null,
      reply: '',
      started: true,
      userEntryId: USER_ENTRY_ID,
      demo: false,
      sources: [pricing],
      versions: drafts,
    };
    expect(feedRows([], pending).at(-1)).toMatchObject({ kind: 'versions', sources: [pricing] });

    const followed = {
      userEntryId: USER_ENTRY_ID,
      sender: { id: '55555555-5555-4555-8555-555555555555', name: 'Ben Ortiz' },
      message: '¿Cuánto cuesta el plan Pro?',
      regenerate: false,
      sources: [pricing],
      versions: TEXTS.map((text) => ({ text, ended: false })),
      ended: false,
    };
    expect(feedRows([], null, [followed]).at(-1)).toMatchObject({ kind: 'versions', sources: [pricing] });
  });
});
