import { beforeEach, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import {
  entry,
  PROJECT_ID,
  renderChat,
  REPLY_ID,
  USER_ENTRY_ID,
  wholeConversation,
} from '../test/chat-fixtures';
import { ChatSession } from './chat-session';
import { markdownRenderer } from './markdown-loader';

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

beforeEach(startSignedOut);

// This file's tests run in order and start as a first visit does: the markdown renderer (a chunk of
// its own) not fetched yet. The first one leaves it so.
it('opens a new project without fetching the markdown renderer', async () => {
  renderChat(<Session />);
  expect(await screen.findByRole('button', { name: /Dame 10 nombres/ })).toBeInTheDocument();
  // Had the chat started loading the renderer, it would have it once the module is there.
  await import('./markdown-renderer');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(markdownRenderer()).toBeNull();
});

it('opens a conversation with its replies drawn as markdown from the first frame', async () => {
  // Every state of the page the conversation goes through: a reply is never on screen empty or as
  // plain text, to be redrawn (taller, moving the reader) once its renderer is there.
  const drawn: string[] = [];
  const observer = new MutationObserver(() => {
    for (const reply of document.querySelectorAll('[data-testid="reply-text"]')) drawn.push(reply.innerHTML);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  renderChat(<Session />, {
    [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
      json(
        200,
        wholeConversation([
          entry({ id: USER_ENTRY_ID, role: 'user', content: 'Un eslogan' }),
          entry({ id: REPLY_ID, role: 'assistant', content: 'Pan **recién** hecho' }),
        ]),
      ),
  });
  expect((await screen.findByText('recién')).tagName).toBe('STRONG');
  await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
  observer.disconnect();
  expect(drawn.every((html) => html.includes('<strong>recién</strong>'))).toBe(true);
});
