import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { json } from '../../../../test/render';
import { renderInSession, startSignedOut } from '../../../../test/session';
import { anaInWorkspace, luis, me, WORKSPACE_ID as W, workspaceFixture } from '../../../../test/fixtures';
import { DemoBanner } from './demo-banner';

/** Ana's view of the banner: in her own workspace, or in Luis's as a member; on a development server or not. */
async function renderBanner({ owner, setupHelp }: { owner: boolean; setupHelp: boolean }) {
  const workspace = owner
    ? workspaceFixture()
    : workspaceFixture({ ownerId: luis.id, owner: luis, invitedUsers: [anaInWorkspace] });
  const { callsTo } = renderInSession([{ path: '/chat', element: <DemoBanner /> }], {
    'GET /api/auth/refresh': () => json(200, { accessToken: 't', user: me }),
    'GET /api/workspace/list': () => json(200, [workspace]),
    [`GET /api/workspace/${W}/gpt-4/status`]: () =>
      json(200, {
        isGpt4TurnedOn: false,
        available: false,
        modelLabel: 'Demo writer+',
        activeModelLabel: 'Demo writer',
        demo: true,
        setupHelp,
      }),
  });
  const banner = await screen.findByTestId('demo-banner');
  // What the banner offers depends on the status: let it arrive before looking.
  await waitFor(() => expect(callsTo(`GET /api/workspace/${W}/gpt-4/status`)).toHaveLength(1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return banner;
}

const texts = {
  es: {
    title: 'Redactor de demostración.',
    askAdmin: 'Un administrador puede conectar un modelo de IA.',
    connect: 'Conecta un modelo de IA para obtener textos a medida.',
    how: '¿Cómo?',
  },
  en: {
    title: 'Demo writer.',
    askAdmin: 'An administrator can connect an AI model.',
    connect: 'Connect an AI model for tailored copy.',
    how: 'How?',
  },
};

describe.each(['es', 'en'] as const)('the demo banner (%s)', (locale) => {
  const t = texts[locale];
  beforeEach(async () => {
    await startSignedOut();
    await changeLocale(locale);
  });

  it('tells a member that an administrator can connect a model, with no server settings', async () => {
    const banner = await renderBanner({ owner: false, setupHelp: true });
    expect(banner).toHaveTextContent(t.title);
    expect(banner).toHaveTextContent(t.askAdmin);
    expect(within(banner).queryByRole('button', { name: t.how })).toBeNull();
    expect(document.body).not.toHaveTextContent(/OPENAI_API_KEY|README|\.env/);
  });

  it('shows the workspace owner on a development server how to connect one', async () => {
    const banner = await renderBanner({ owner: true, setupHelp: true });
    expect(banner).toHaveTextContent(t.connect);
    expect(banner).not.toHaveTextContent(t.askAdmin);
    await userEvent.click(within(banner).getByRole('button', { name: t.how }));
    const popover = await screen.findByRole('dialog');
    for (const setting of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_BASE_URL']) {
      expect(popover).toHaveTextContent(setting);
    }
    expect(popover).toHaveTextContent('docs/configuration.md');
  });

  it('keeps the server settings from the owner too outside development', async () => {
    const banner = await renderBanner({ owner: true, setupHelp: false });
    expect(banner).toHaveTextContent(t.askAdmin);
    expect(within(banner).queryByRole('button', { name: t.how })).toBeNull();
    expect(document.body).not.toHaveTextContent(/OPENAI_API_KEY/);
  });
});
