import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { WorkspaceAction } from '@/app/layout/workspace-action';
import { renderInSession, startAsAna } from '../../../test/session';
import WorkspaceSettingsPage from './pages/workspace-settings-page';
import { fakeTeamApi, luis, marta, W } from './test/fake-team-api';

function renderWith(team: ReturnType<typeof fakeTeamApi>, element = <WorkspaceSettingsPage />) {
  window.localStorage.setItem('workspaceId', W);
  return renderInSession(
    [
      { path: '/page', element },
      { path: '/subscription', element: <p>subscription page</p> },
    ],
    team.handlers,
  );
}

async function openFromSettings() {
  const opener = await screen.findByRole('button', { name: 'Añadir miembros' });
  await userEvent.click(opener);
  return { opener, dialog: await screen.findByRole('dialog', { name: 'Invitar a un compañero' }) };
}

describe('invite modal', () => {
  beforeEach(startAsAna);

  it('keeps the send button disabled until the address matches the e-mail pattern', async () => {
    const { callsTo } = renderWith(fakeTeamApi());
    const { dialog } = await openFromSettings();
    const field = within(dialog).getByLabelText('Correo electrónico');
    const send = within(dialog).getByRole('button', { name: 'Enviar invitación' });
    expect(field).toHaveFocus();
    expect(send).toBeDisabled();
    for (const invalid of ['marta', 'marta@', 'marta@ejemplo', 'marta ruiz@ejemplo.com', 'marta@ejemplo.c']) {
      await userEvent.clear(field);
      await userEvent.type(field, invalid);
      expect(send, invalid).toBeDisabled();
    }
    await userEvent.tab();
    expect(
      within(dialog).getByText('Introduce una dirección de correo electrónico válida'),
    ).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'marta@ejemplo.com');
    expect(send).toBeEnabled();
    await userEvent.type(field, '{Enter}');
    await waitFor(() => expect(callsTo(`POST /api/workspace/${W}/invite`)).toHaveLength(1));
  });

  it('sends once while sending, says so, closes, reloads members, invitations and workspaces, and gives the focus back', async () => {
    const team = fakeTeamApi();
    const inviteKey = `POST /api/workspace/${W}/invite`;
    const invite = team.handlers[inviteKey]!;
    let answer: () => void = () => {};
    team.handlers[inviteKey] = (body, init) =>
      new Promise((resolve) => (answer = () => resolve(invite(body, init))));
    const { callsTo } = renderWith(team);
    const { opener, dialog } = await openFromSettings();
    await screen.findByText('1 de 3');
    const reloads = () => [
      callsTo(`GET /api/workspace/${W}/members`).length,
      callsTo(`GET /api/workspace/${W}/pending-invitations`).length,
      callsTo('GET /api/workspace/list').length,
    ];
    const before = reloads();
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), ' marta@ejemplo.com ');
    const send = within(dialog).getByRole('button', { name: 'Enviar invitación' });
    await userEvent.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    await userEvent.click(send);
    answer();
    expect(await screen.findByText('Usuario invitado correctamente')).toBeInTheDocument();
    expect(callsTo(`POST /api/workspace/${W}/invite`)).toEqual([
      expect.objectContaining({ body: { email: 'marta@ejemplo.com' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    await waitFor(() => reloads().forEach((count, index) => expect(count).toBeGreaterThan(before[index]!)));
    expect(await screen.findByText(marta.email)).toBeInTheDocument();
    expect(screen.getByText('2 de 3')).toBeInTheDocument();
  });

  it.each([
    [
      'SEATS_EXHAUSTED',
      409,
      '¡Has agotado todos los asientos disponibles! Mejora tu plan para enviar una invitación.',
    ],
    ['ALREADY_MEMBER', 409, 'Esta persona ya es miembro del espacio de trabajo.'],
    ['PLAN_REQUIRED', 403, 'Mejora al Plan Pro para invitar a miembros del equipo'],
    ['NOT_INVITER', 403, 'El usuario no es un invitador'],
    ['RATE_LIMITED', 429, 'Demasiados intentos. Espera un momento y vuelve a intentarlo'],
  ])(
    'a refusal %s shows its message under the field and keeps the modal open',
    async (code, status, text) => {
      renderWith(fakeTeamApi({ inviteAnswers: [[status, code]] }));
      const { dialog } = await openFromSettings();
      await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), 'luis@ejemplo.com');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    },
  );

  it('speaks English too', async () => {
    await changeLocale('en');
    renderWith(fakeTeamApi());
    await userEvent.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a teammate' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'marta@ejemplo.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('User invited successfully')).toBeInTheDocument();
  });

  it('on a free workspace says inviting needs Pro instead of offering the form', async () => {
    const { callsTo } = renderWith(fakeTeamApi({ plan: 'free' }));
    const { dialog } = await openFromSettings();
    expect(
      within(dialog).getByText('Mejora al Plan Pro para invitar a miembros del equipo'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Correo electrónico')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Ver el Plan Pro' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(callsTo(`POST /api/workspace/${W}/invite`)).toHaveLength(0);
  });
});

describe('sidebar footer button', () => {
  beforeEach(startAsAna);

  it('with seats left, "invite teammate" opens the invite modal where the user is', async () => {
    const { router } = renderWith(fakeTeamApi(), <WorkspaceAction />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invitar a un compañero' }));
    expect(await screen.findByRole('dialog', { name: 'Invitar a un compañero' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/page');
  });

  it('with every seat taken (members + pending), it goes to /subscription', async () => {
    const team = fakeTeamApi({
      invitations: [
        { email: marta.email, invitedBy: luis },
        { email: 'pablo@ejemplo.com', invitedBy: luis },
      ],
    });
    const { callsTo } = renderWith(team, <WorkspaceAction />);
    await waitFor(() => expect(callsTo(`GET /api/workspace/${W}/members`)).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Invitar a un compañero' }));
    expect(await screen.findByText('subscription page')).toBeInTheDocument();
  });

  it('on a free workspace it offers the upgrade instead', async () => {
    renderWith(fakeTeamApi({ plan: 'free' }), <WorkspaceAction />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mejora al Plan Pro' }));
    expect(await screen.findByRole('dialog', { name: 'Mejora al Plan Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invitar a un compañero' })).not.toBeInTheDocument();
  });
});
