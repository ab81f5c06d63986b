import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '@redacta/shared';
import { changeLocale } from '@/lib/i18n';
import { json } from '../../../test/render';
import { renderInSession, startAsAna } from '../../../test/session';
import WorkspaceSettingsPage from './pages/workspace-settings-page';
import { fakeTeamApi, luis, me, W } from './test/fake-team-api';

const PROJECTS = `GET /api/workspace/${W}/projects?sort=updatedAt&order=desc&limit=100`;
const shareKey = (id: string) => `PATCH /api/project/${id}/share-to-workspace`;

function project(n: number, name: string, fields: Partial<Project> = {}): Project {
  return {
    id: `33333333-3333-4333-8333-00000000000${n}`,
    name,
    workspaceId: W,
    folderId: null,
    isShared: false,
    createdBy: me.id,
    createdAt: '2026-11-02T00:00:00Z',
    updatedAt: '2026-11-02T00:00:00Z',
    ...fields,
  };
}

/** Ana's projects: two private ones, one already shared, and a shared one of Luis's. */
const autumn = project(1, 'Campaña de otoño');
const newsletter = project(2, 'Boletín de diciembre');
const report = project(3, 'Informe anual', { isShared: true });
const luisPlan = project(4, 'Plan de Luis', { isShared: true, createdBy: luis.id });

function renderSettings(team: ReturnType<typeof fakeTeamApi>) {
  window.localStorage.setItem('workspaceId', W);
  const projects = [autumn, newsletter, report, luisPlan];
  return renderInSession([{ path: '/page', element: <WorkspaceSettingsPage /> }], {
    ...team.handlers,
    [PROJECTS]: () => json(200, { items: projects, nextCursor: null }),
    ...Object.fromEntries(
      projects.map((item) => [shareKey(item.id), () => json(200, { id: item.id, isShared: !item.isShared })]),
    ),
  });
}

async function invite(opener: string, field: string, send: string) {
  await userEvent.click(await screen.findByRole('button', { name: opener }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText(field), 'marta@ejemplo.com');
  await userEvent.click(within(dialog).getByRole('button', { name: send }));
  return dialog;
}

describe('the owner’s first invitation', () => {
  beforeEach(startAsAna);

  it('says projects are private until shared and shares the chosen ones of the owner’s private projects', async () => {
    const { callsTo } = renderSettings(fakeTeamApi({ alone: true }));
    const dialog = await invite('Añadir miembros', 'Correo electrónico', 'Enviar invitación');

    expect(await within(dialog).findByText('Invitación enviada a marta@ejemplo.com.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Los proyectos son privados hasta que se comparten/)).toBeInTheDocument();
    const list = await within(dialog).findByRole('group', { name: 'Tus proyectos privados' });
    // Only what is Ana's and still private is offered.
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Campaña de otoño', 'Boletín de diciembre']);
    const submit = within(dialog).getByRole('button', { name: 'Compartir seleccionados' });
    expect(submit).toBeDisabled();
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Campaña de otoño' }));
    await userEvent.click(submit);

    expect(await screen.findByText('Proyecto compartido con el equipo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(shareKey(autumn.id)).map((call) => call.body)).toEqual([{ isShared: true }]);
    expect(callsTo(shareKey(newsletter.id))).toHaveLength(0);
  });

  it('in English, shares several at once with one toast', async () => {
    await changeLocale('en');
    const { callsTo } = renderSettings(fakeTeamApi({ alone: true }));
    const dialog = await invite('Add members', 'Email', 'Send invitation');

    expect(await within(dialog).findByText('Invitation sent to marta@ejemplo.com.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Projects are private until they are shared/)).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Campaña de otoño' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Boletín de diciembre' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share selected' }));

    expect(await screen.findByText('2 projects shared with the team')).toBeInTheDocument();
    expect(callsTo(shareKey(autumn.id)).map((call) => call.body)).toEqual([{ isShared: true }]);
    expect(callsTo(shareKey(newsletter.id))).toHaveLength(1);
  });

  it('a later invitation just says it was sent and closes', async () => {
    const { callsTo } = renderSettings(fakeTeamApi());
    await invite('Añadir miembros', 'Correo electrónico', 'Enviar invitación');
    expect(await screen.findByText('Usuario invitado correctamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(PROJECTS)).toHaveLength(0);
  });
});
