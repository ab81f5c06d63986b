import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { changeLocale } from '@/lib/i18n';
import { ChatSession } from './chat-session';
import { entry, PROJECT_ID, renderChat, REPLY_ID, USER_ENTRY_ID } from '../test/chat-fixtures';

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

const conversation = [
  entry({ id: USER_ENTRY_ID, role: 'user', content: 'Un eslogan para una panadería' }),
  entry({ id: REPLY_ID, role: 'assistant', content: 'Pan de verdad, cada mañana.', wordsCharged: 69 }),
];

/** The chat with one reply that used 69 words; `remaining` of Free's 2,000 left, or Pro's unlimited (null). */
async function renderReply(remaining: number | null) {
  renderChat(
    <Session />,
    {
      [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
        json(200, { projectId: PROJECT_ID, entries: conversation, hasMore: false, nextCursor: null }),
    },
    { remaining },
  );
  await screen.findByText('Pan de verdad, cada mañana.');
  return within(screen.getByRole('group', { name: /respuesta|reply/i }));
}

/** Presses Tab until `element` has the focus (the reply's other actions come before it). */
async function tabTo(element: HTMLElement) {
  for (let step = 0; step < 30 && document.activeElement !== element; step += 1) await userEvent.tab();
  expect(element).toHaveFocus();
}

beforeEach(startSignedOut);
afterEach(() => vi.unstubAllGlobals());

describe("a reply's words used", () => {
  it.each([
    ['es', '69 palabras usadas', 'Te quedan 1931 palabras este mes'],
    ['en', '69 words used', '1,931 words left this month'],
  ] as const)(
    'in %s, on Free, says the words the reply used and, on keyboard focus, what is left this month',
    async (locale, used, left) => {
      await changeLocale(locale);
      const actions = await renderReply(1931);
      const cost = actions.getByText(used);
      expect(cost).not.toHaveTextContent('−');
      expect(screen.queryByRole('tooltip')).toBeNull();

      await tabTo(cost);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(left);
      expect(cost).toHaveAccessibleDescription(left);

      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('tooltip')).toBeNull();
    },
  );

  it.each([
    ['es', '69 palabras usadas'],
    ['en', '69 words used'],
  ] as const)(
    'in %s, on an unlimited plan, shows only the words used, with nothing about what is left',
    async (locale, used) => {
      await changeLocale(locale);
      const actions = await renderReply(null);
      const cost = actions.getByText(used);
      // Nothing to tell on focus, so the count is no tab stop; hovering it opens nothing either.
      expect(cost).not.toHaveAttribute('tabindex');
      await userEvent.hover(cost);
      expect(screen.queryByRole('tooltip')).toBeNull();
      expect(document.body).not.toHaveTextContent(/Te quedan|left this month/);
    },
  );
});
