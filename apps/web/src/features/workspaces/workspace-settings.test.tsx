import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSession, startAsAna } from '../../../test/session';
import WorkspaceSettingsPage from './pages/workspace-settings-page';
import { anaInWorkspace } from '../../../test/fixtures';
import { fakeTeamApi, luis, marta, W } from './test/fake-team-api';

/** The settings of "Agencia Norte" as Ana sees them, with the team API of `fakeTeamApi`. */
function renderSettings(
  team: ReturnType<typeof fakeTeamApi>,
  extra: Parameters<typeof renderInSession>[1] = {},
) {
  window.localStorage.setItem('workspaceId', W);
  return renderInSession(
    [
      { path: '/workspace-settings', element: <WorkspaceSettingsPage /> },
      { path: '/subscription', element: <p>subscription page</p> },
    ],
    { ...team.handlers, ...extra },
  );
}

describe('workspace settings: members, seats and invitations', () => {
  beforeEach(startAsAna);

  it('the owner edits the name and sees members with initials, the owner badge, seats, remove and pending invitations', async () => {
    renderSettings(fakeTeamApi({ invitations: [{ email: marta.email, invitedBy: luis }] }));
    expect(await screen.findByLabelText('Nombre del espacio de trabajo')).not.toHaveAttribute('readonly');
    const members = await screen.findByRole('region', { name: 'Miembros' });
    expect(await within(members).findByText('Luis Pérez')).toBeInTheDocument();
    expect(within(members).getByText('LP')).toBeInTheDocument();
    expect(within(members).getByText('AG')).toBeInTheDocument();
    expect(within(members).getByText('(tú)')).toBeInTheDocument();
    expect(within(members).getByText('Propietario')).toBeInTheDocument();
    // Luis plus Marta's pending invitation take two of the three seats.
    expect(within(members).getByText('2 de 3')).toBeInTheDocument();
    expect(within(members).getByRole('button', { name: 'Eliminar a Luis Pérez' })).toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: /Eliminar a Ana/ })).not.toBeInTheDocument();
    expect(within(members).getByRole('button', { name: 'Añadir miembros' })).toBeEnabled();

    const pending = screen.getByRole('region', { name: 'Invitaciones pendientes' });
    expect(await within(pending).findByText(marta.email)).toBeInTheDocument();
    // The owner manages every invitation, also Luis's.
    expect(
      within(pending).getByRole('button', { name: `Reenviar la invitación a ${marta.email}` }),
    ).toBeEnabled();
    expect(
      within(pending).getByRole('button', { name: `Revocar la invitación de ${marta.email}` }),
    ).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Abandonar el espacio de trabajo' })).not.toBeInTheDocument();
  });

  it('a member reads the name, cannot remove anyone, manages only their own invitations, and may leave', async () => {
    renderSettings(
      fakeTeamApi({
        ownerIsLuis: true,
        invitations: [
          { email: marta.email, invitedBy: luis },
          { email: 'pablo@ejemplo.com', invitedBy: anaInWorkspace },
        ],
      }),
    );
    expect(await screen.findByLabelText('Nombre del espacio de trabajo')).toHaveAttribute('readonly');
    expect(screen.getByText('Solo el propietario puede cambiar el nombre.')).toBeInTheDocument();
    const members = screen.getByRole('region', { name: 'Miembros' });
    expect(await within(members).findByText('Luis Pérez')).toBeInTheDocument();
    // Every seat is taken: adding members becomes getting more seats.
    expect(within(members).getByText('3 de 3')).toBeInTheDocument();
    expect(within(members).getByRole('link', { name: 'Conseguir más asientos' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(members).queryByRole('button', { name: 'Añadir miembros' })).not.toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();

    const pending = screen.getByRole('region', { name: 'Invitaciones pendientes' });
    await within(pending).findByText(marta.email);
    expect(
      within(pending).queryByRole('button', { name: `Revocar la invitación de ${marta.email}` }),
    ).not.toBeInTheDocument();
    expect(
      within(pending).getByRole('button', { name: 'Revocar la invitación de pablo@ejemplo.com' }),
    ).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Abandonar el espacio de trabajo' })).toBeInTheDocument();
  });

  it('the owner removes a member after confirming; the list and the seats reload', async () => {
    const { callsTo } = renderSettings(fakeTeamApi());
    const members = await screen.findByRole('region', { name: 'Miembros' });
    await userEvent.click(await within(members).findByRole('button', { name: 'Eliminar a Luis Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar a Luis Pérez?' });
    expect(callsTo(`PATCH /api/workspace/${W}/remove-invited-user/${luis.id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Luis Pérez ya no es miembro del espacio de trabajo')).toBeInTheDocument();
    await waitFor(() => expect(within(members).queryByText('Luis Pérez')).not.toBeInTheDocument());
    expect(within(members).getByText('0 de 3')).toBeInTheDocument();
    expect(callsTo(`PATCH /api/workspace/${W}/remove-invited-user/${luis.id}`)).toHaveLength(1);
  });

  it('a refused removal says the owner-only message', async () => {
    renderSettings(fakeTeamApi({ fail: { remove: [403, 'MEMBER_REMOVAL_FORBIDDEN'] } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar a Luis Pérez' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('No tienes permiso para eliminar a un miembro')).toBeInTheDocument();
  });

  it('revoking asks first; cancelled it revokes nothing, confirmed it frees the seat', async () => {
    const team = fakeTeamApi({ invitations: [{ email: marta.email, invitedBy: luis }] });
    const { calls } = renderSettings(team);
    const revoke = await screen.findByRole('button', { name: `Revocar la invitación de ${marta.email}` });
    await userEvent.click(revoke);
    const question = await screen.findByRole('dialog', { name: '¿Revocar la invitación?' });
    expect(question).toHaveTextContent(`La invitación a ${marta.email} dejará de funcionar`);
    await userEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoke).toHaveFocus();
    expect(calls.some((call) => call.key.endsWith('/revoke'))).toBe(false);
    expect(screen.getByText(marta.email)).toBeInTheDocument();

    await userEvent.click(revoke);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '¿Revocar la invitación?' })).getByRole('button', {
        name: 'Revocar',
      }),
    );
    expect(await screen.findByText('Invitación revocada')).toBeInTheDocument();
    expect(await screen.findByText('No hay invitaciones pendientes.')).toBeInTheDocument();
    expect(await screen.findByText('1 de 3')).toBeInTheDocument();
  });

  it.each([
    [403, 'NOT_INVITER', 'El usuario no es un invitador'],
    [500, 'INTERNAL', 'No se pudo revocar la invitación'],
  ])('a revoke answered %s %s shows «%s»', async (status, code, text) => {
    renderSettings(
      fakeTeamApi({
        invitations: [{ email: marta.email, invitedBy: luis }],
        fail: { revoke: [status, code] },
      }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: `Revocar la invitación de ${marta.email}` }),
    );
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('a failed members list and a failed invitations list say so in place, and retry', async () => {
    const team = fakeTeamApi({ fail: { members: [500, 'INTERNAL'], pending: [500, 'INTERNAL'] } });
    renderSettings(team);
    const members = await screen.findByRole('region', { name: 'Miembros' });
    expect(await within(members).findByText('No se pudieron recuperar miembros.')).toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Invitaciones pendientes' });
    expect(
      await within(pending).findByText('No se pudieron recuperar las invitaciones pendientes'),
    ).toBeInTheDocument();

    team.state.fail = {};
    await userEvent.click(within(members).getByRole('button', { name: 'Reintentar' }));
    expect(await within(members).findByText('Luis Pérez')).toBeInTheDocument();
    await userEvent.click(within(pending).getByRole('button', { name: 'Reintentar' }));
    expect(await within(pending).findByText('No hay invitaciones pendientes.')).toBeInTheDocument();
  });

  it('a member leaves after confirming and the app moves to their personal workspace', async () => {
    const { callsTo } = renderSettings(fakeTeamApi({ ownerIsLuis: true }));
    expect(await screen.findByText('Agencia Norte · Plan Pro')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abandonar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Abandonar «Agencia Norte»?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abandonar' }));
    expect(await screen.findByText('Has abandonado «Agencia Norte»')).toBeInTheDocument();
    expect(await screen.findByText('Espacio de Ana · Plan gratuito')).toBeInTheDocument();
    expect(callsTo(`POST /api/workspace/${W}/leave`)).toHaveLength(1);
    expect(window.localStorage.getItem('workspaceId')).not.toBe(W);
    // Leaving is not losing access unexpectedly: no "no longer have access" message.
    expect(screen.queryByText(/Ya no tienes acceso/)).not.toBeInTheDocument();
  });
});
