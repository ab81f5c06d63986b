import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { anaInWorkspace, luis, me, workspaceFixture } from '../../../../test/fixtures';
import { PROJECT_ID, projectRoutes, renderChat } from '../test/chat-fixtures';
import { ChatHeaderActions } from './chat-header';

const SHARE = `PATCH /api/project/${PROJECT_ID}/share-to-workspace`;

/**
 * The chat header of Ana's project in a Pro workspace: Ana owns it with Luis as a member, or (as a
 * member) Luis owns it; the project is Ana's unless `createdBy` says otherwise.
 */
function renderHeader({
  isShared = false,
  createdBy = me.id,
  anaOwns = true,
  compact = false,
}: { isShared?: boolean; createdBy?: string; anaOwns?: boolean; compact?: boolean } = {}) {
  let shared = isShared;
  const workspace = anaOwns
    ? workspaceFixture({ plan: 'pro_yearly', invitedUsers: [luis] })
    : workspaceFixture({ plan: 'pro_yearly', ownerId: luis.id, owner: luis, invitedUsers: [anaInWorkspace] });
  return renderChat(<ChatHeaderActions compact={compact} />, {
    'GET /api/workspace/list': () => json(200, [workspace]),
    ...projectRoutes(PROJECT_ID, { isShared, createdBy }),
    [SHARE]: () => {
      shared = !shared;
      return json(200, { id: PROJECT_ID, isShared: shared });
    },
  });
}

describe('the project screen’s share control', () => {
  beforeEach(startSignedOut);

  it('shows a private project as such and shares it from the keyboard, with the teammates who now see it', async () => {
    const { callsTo } = renderHeader();
    const control = await screen.findByRole('button', { name: 'Privado: solo tú puedes verlo' });
    expect(control).toHaveTextContent('Privado');

    // Reached with Tab (after nothing else in the header), opened with Enter.
    await userEvent.tab();
    expect(control).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(/Solo tú lo ves/)).toBeInTheDocument();
    const share = within(menu).getByRole('menuitem', { name: 'Compartir con el equipo' });
    await waitFor(() => expect(share).toHaveFocus());
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByText('El proyecto ya está disponible para tu equipo')).toBeInTheDocument();
    const shared = await screen.findByRole('button', {
      name: 'Compartido con el equipo: lo ve 1 compañero',
    });
    expect(shared).toHaveTextContent('Compartido con el equipo');
    expect(shared).toHaveTextContent('LP');
    // The state chosen, not a toggle: a second click or a teammate's change meanwhile cannot undo it.
    expect(callsTo(SHARE).map((call) => call.body)).toEqual([{ isShared: true }]);

    await userEvent.click(shared);
    expect(
      await screen.findByText('Lo ven, chatean en él y editan su documento: Luis Pérez.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Hacer privado' }));
    expect(await screen.findByRole('button', { name: 'Privado: solo tú puedes verlo' })).toBeInTheDocument();
    expect(callsTo(SHARE).map((call) => call.body)).toEqual([{ isShared: true }, { isShared: false }]);
  });

  it('in English, a member sees who shares a teammate’s project but may not change it', async () => {
    await changeLocale('en');
    const { callsTo } = renderHeader({ isShared: true, createdBy: luis.id, anaOwns: false });
    const control = await screen.findByRole('button', {
      name: 'Shared with the team: 1 teammate can see it',
    });
    await userEvent.click(control);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu).getByText('Luis Pérez can see it, chat in it and edit its document.'),
    ).toBeInTheDocument();
    const makePrivate = within(menu).getByRole('menuitem', { name: 'Make private' });
    expect(makePrivate).toHaveAttribute('aria-disabled', 'true');
    expect(
      within(menu).getByText('Only its creator or the workspace owner can change it'),
    ).toBeInTheDocument();
    await userEvent.click(makePrivate);
    expect(callsTo(SHARE)).toHaveLength(0);
  });

  it('in the compact header it is an icon named by its state, and shares in English too', async () => {
    await changeLocale('en');
    renderHeader({ compact: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Private: only you can see it' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share with the team' }));
    const shared = await screen.findByRole('button', {
      name: 'Shared with the team: 1 teammate can see it',
    });
    expect(shared).toHaveTextContent('1');
    expect(await screen.findByText('Project is now available to your team!')).toBeInTheDocument();
  });
});
