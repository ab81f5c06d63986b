import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { json } from '../../../test/render';
import { renderInSession, startAsAna } from '../../../test/session';
import { me, workspaceFixture } from '../../../test/fixtures';
import ProfilePage from './pages/profile-page';

const leavingIsRefused = () => {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
};

function renderProfile() {
  return renderInSession(
    [
      {
        path: '/profile',
        element: (
          <>
            <Link to="/chat">Chat</Link>
            <ProfilePage />
          </>
        ),
      },
      { path: '/chat', element: <p>chat</p> },
    ],
    {
      'GET /api/workspace/list': () => json(200, [workspaceFixture()]),
      'PATCH /api/user/change-name': (body) => json(200, { id: me.id, ...(body as object) }),
    },
    { initialPath: '/profile' },
  );
}

describe('the profile with changes not saved', { timeout: 20_000 }, () => {
  beforeEach(startAsAna);

  it('asks before a link leaves a typed name, and stops asking once it is saved', async () => {
    const { router } = renderProfile();
    const first = await screen.findByLabelText('Nombre');
    expect(leavingIsRefused()).toBe(false);
    await userEvent.type(first, 'bel');
    expect(leavingIsRefused()).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Chat' }));
    const question = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Seguir editando' }));
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Anabel');

    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Datos del perfil cambiados correctamente')).toBeInTheDocument();
    expect(leavingIsRefused()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });

  it('asks before leaving a new address typed but not confirmed', async () => {
    renderProfile();
    await userEvent.type(await screen.findByLabelText('Nuevo correo electrónico'), 'nueva@ejemplo.com');
    expect(leavingIsRefused()).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Chat' }));
    expect(await screen.findByRole('dialog', { name: '¿Salir sin guardar?' })).toBeInTheDocument();
  });
});
