import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScimSettings } from '@redacta/shared';
import { json, type ApiHandler } from '../../../test/render';
import { renderInSession, startSignedOut } from '../../../test/session';
import { anaInWorkspace, luis, me, WORKSPACE_ID, workspaceFixture } from '../../../test/fixtures';
import ScimSettingsPage from './pages/scim-settings-page';

beforeEach(startSignedOut);

const SETTINGS = `GET /api/workspace/${WORKSPACE_ID}/scim`;
const TOKEN = `/api/workspace/${WORKSPACE_ID}/scim/token`;
const BASE_URL = 'https://redacta.example/scim/v2';
const NEW_TOKEN = 'rds_9c1e7a2b4d6f8091a3b5c7d9e1f30415263748596a7b8c9d0e1f2a3b4c5d6e7f';

const settings = (fields: Partial<ScimSettings> = {}): ScimSettings => ({
  available: true,
  baseUrl: BASE_URL,
  token: null,
  adminGroups: [],
  ...fields,
});

function renderPage(handlers: Record<string, ApiHandler>, { owner = true } = {}) {
  const workspace = owner
    ? workspaceFixture({ plan: 'enterprise', invitedUsers: [luis] })
    : workspaceFixture({ plan: 'enterprise', ownerId: luis.id, owner: luis, invitedUsers: [anaInWorkspace] });
  return renderInSession([{ path: '/settings/scim', element: <ScimSettingsPage /> }], {
    'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
    'GET /api/workspace/list': () => json(200, [workspace]),
    ...handlers,
  });
}

describe('the SCIM settings page', () => {
  it('gives the base URL to copy, makes the token and shows it once, then focuses the first action of the token', async () => {
    const user = userEvent.setup();
    let current = settings();
    const { callsTo } = renderPage({
      [SETTINGS]: () => json(200, current),
      [`POST ${TOKEN}`]: () => {
        current = settings({
          token: { prefix: 'rds_9c1e7a2b', createdAt: '2026-12-07T09:00:00Z', lastUsedAt: null },
        });
        return json(201, { token: NEW_TOKEN, prefix: 'rds_9c1e7a2b' });
      },
    });
    expect(await screen.findByLabelText('URL base de SCIM')).toHaveValue(BASE_URL);
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe(BASE_URL);

    await user.click(screen.getByRole('button', { name: 'Crear token' }));
    const shown = await screen.findByRole('dialog', { name: 'Tu token de SCIM' });
    expect(callsTo(`POST ${TOKEN}`)).toHaveLength(1);
    expect(shown).toHaveTextContent('no volverás a verlo');
    expect(within(shown).getByLabelText('Token')).toHaveValue(NEW_TOKEN);
    await user.click(within(shown).getByRole('button', { name: 'Listo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(NEW_TOKEN)).not.toBeInTheDocument();
    const card = await screen.findByTestId('scim-token');
    expect(card).toHaveTextContent('rds_9c1e7a2b…');
    expect(card).toHaveTextContent('Último usoNunca');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rotar token' })).toHaveFocus());
  });

  it('rotates after asking, and revokes after asking', async () => {
    const user = userEvent.setup();
    const token = {
      prefix: 'rds_0a1b2c3d',
      createdAt: '2026-11-20T10:00:00Z',
      lastUsedAt: '2026-12-01T09:30:00Z',
    };
    const { callsTo } = renderPage({
      [SETTINGS]: () => json(200, settings({ token })),
      [`POST ${TOKEN}`]: () => json(201, { token: NEW_TOKEN, prefix: 'rds_9c1e7a2b' }),
      [`DELETE ${TOKEN}`]: () => json(204),
    });
    const card = await screen.findByTestId('scim-token');
    expect(card).toHaveTextContent('Creado20 nov 2026');
    expect(card).toHaveTextContent('Último uso1 dic 2026');

    const rotate = screen.getByRole('button', { name: 'Rotar token' });
    await user.click(rotate);
    expect(await screen.findByRole('dialog', { name: '¿Rotar el token de SCIM?' })).toHaveTextContent(
      'el actual dejará de funcionar al momento',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(rotate).toHaveFocus());
    expect(callsTo(`POST ${TOKEN}`)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Rotar' }));
    const shown = await screen.findByRole('dialog', { name: 'Tu token de SCIM' });
    expect(within(shown).getByLabelText('Token')).toHaveValue(NEW_TOKEN);
    await user.click(within(shown).getByRole('button', { name: 'Listo' }));

    await user.click(screen.getByRole('button', { name: 'Revocar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Revocar el token de SCIM?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('Token de SCIM revocado')).toBeInTheDocument();
    expect(callsTo(`DELETE ${TOKEN}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Aún no hay token de SCIM' })).toBeInTheDocument();
  });

  it('says SCIM is Enterprise, shows a failed load with a retry, and tells a member who manages it', async () => {
    const user = userEvent.setup();
    let answer = () => json(500, { error: { code: 'INTERNAL', message: 'x' } });
    renderPage({ [SETTINGS]: () => answer() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar la configuración de SCIM');
    answer = () => json(200, settings({ available: false }));
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('heading', { name: 'SCIM forma parte del plan Enterprise' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: 'Crear token' })).not.toBeInTheDocument();
  });

  it('asks nothing for a member', async () => {
    const { callsTo } = renderPage({ [SETTINGS]: () => json(200, settings()) }, { owner: false });
    expect(
      await screen.findByRole('heading', {
        name: 'Solo el propietario y los administradores gestionan SCIM',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/lo configuran Luis Pérez, su propietario, y sus administradores/),
    ).toBeInTheDocument();
    expect(callsTo(SETTINGS)).toHaveLength(0);
  });
});
