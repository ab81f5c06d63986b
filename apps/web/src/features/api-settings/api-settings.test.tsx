import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@redacta/shared';
import { json, type ApiHandler } from '../../../test/render';
import { changeLocale } from '@/lib/i18n';
import { renderInSession, startSignedOut } from '../../../test/session';
import { anaInWorkspace, luis, me, WORKSPACE_ID, workspaceFixture } from '../../../test/fixtures';
import ApiSettingsPage from './pages/api-settings-page';

beforeEach(startSignedOut);

const LIST = `GET /api/workspace/${WORKSPACE_ID}/api-keys`;
const CREATE = `POST /api/workspace/${WORKSPACE_ID}/api-keys`;
const NEW_KEY = 'rdk_3f9a1c2be0d8417aa5b6c7d8e9f00112233445566778899aabbccddeeff0011';

function apiKey(fields: Partial<ApiKey> & Pick<ApiKey, 'id' | 'name'>): ApiKey {
  return {
    prefix: 'rdk_3f9a1c2b',
    scopes: ['read'],
    createdAt: '2026-11-20T10:00:00Z',
    lastUsedAt: null,
    expiresAt: null,
    createdBy: { id: me.id, name: 'Ana García' },
    ...fields,
  };
}
const catalogue = apiKey({
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Sincronización del catálogo',
  scopes: ['read', 'generate'],
  lastUsedAt: '2026-12-01T09:30:00Z',
});
const oldSheet = apiKey({
  id: '77777777-7777-4777-8777-777777777777',
  name: 'Hoja de cálculo',
  prefix: 'rdk_0b1c2d3e',
  expiresAt: '2026-01-31T12:00:00Z',
  createdBy: null,
});

function renderPage(handlers: Record<string, ApiHandler>, { owner = true } = {}) {
  const workspace = owner
    ? workspaceFixture({ invitedUsers: [luis] })
    : workspaceFixture({ ownerId: luis.id, owner: luis, invitedUsers: [anaInWorkspace] });
  return renderInSession([{ path: '/settings/api', element: <ApiSettingsPage /> }], {
    'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
    'GET /api/workspace/list': () => json(200, [workspace]),
    [`GET /api/workspace/${WORKSPACE_ID}/webhooks`]: () => json(200, []),
    ...handlers,
  });
}

describe('the API settings page', () => {
  it('lists the keys while loading, then each with its prefix, scopes, maker, last use and expiry', async () => {
    let answer: (response: Response) => void = () => {};
    renderPage({ [LIST]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findByRole('list', { name: 'Cargando…' })).toHaveAttribute('aria-busy', 'true');
    answer(json(200, [catalogue, oldSheet]));

    const first = await screen.findByRole('listitem', { name: 'Sincronización del catálogo' });
    expect(within(first).getByText('rdk_3f9a1c2b…')).toBeInTheDocument();
    const scopes = within(first).getByRole('list', { name: 'Permisos' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Leer', 'Generar']);
    expect(first).toHaveTextContent('Creada20 nov 2026 por Ana García');
    expect(first).toHaveTextContent('Último uso1 dic 2026');
    expect(first).toHaveTextContent('CaducaSin caducidad');

    const second = screen.getByRole('listitem', { name: 'Hoja de cálculo' });
    expect(second).toHaveTextContent('Último usoNunca');
    expect(within(second).getByText('Caducó el 31 ene 2026')).toHaveClass('text-danger');
    expect(screen.getByText('2 claves activas')).toBeInTheDocument();
  });

  it('makes a key, shows it once with a copy button, and returns the focus to the button that opened it', async () => {
    const user = userEvent.setup();
    let keys: ApiKey[] = [];
    const { callsTo } = renderPage({
      [LIST]: () => json(200, keys),
      [CREATE]: (body) => {
        keys = [
          apiKey({ id: '88888888-8888-4888-8888-888888888888', name: 'Tienda', scopes: ['read', 'write'] }),
        ];
        expect(body).toMatchObject({ name: 'Tienda' });
        return json(201, { id: keys[0]!.id, key: NEW_KEY, prefix: 'rdk_3f9a1c2b' });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Aún no hay claves de API' })).toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Crear clave' });
    await user.click(open);

    const form = await screen.findByRole('dialog', { name: 'Crear clave de API' });
    const submit = within(form).getByRole('button', { name: 'Crear clave' });
    expect(submit).toBeDisabled();
    const name = within(form).getByLabelText('Nombre');
    await waitFor(() => expect(name).toHaveFocus());
    await user.type(name, '  Tienda ');
    expect(within(form).getByRole('checkbox', { name: /^Leer/ })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: /^Leer/ }));
    expect(within(form).getByText('Elige al menos un permiso')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: /^Escribir/ }));
    await user.click(within(form).getByRole('checkbox', { name: /^Leer/ }));
    await user.type(within(form).getByLabelText('Caducidad (opcional)'), '2099-03-15');
    await user.click(submit);

    const shown = await screen.findByRole('dialog', { name: 'Tu nueva clave de API' });
    expect(callsTo(CREATE)).toHaveLength(1);
    const sent = callsTo(CREATE)[0]!.body as { name: string; scopes: string[]; expiresAt: string };
    // The scopes in the contract's order; the last day lasts to its end in this browser's time zone.
    expect(sent).toEqual({
      name: 'Tienda',
      scopes: ['read', 'write'],
      expiresAt: new Date(2099, 2, 15, 23, 59, 59, 999).toISOString(),
    });
    expect(shown).toHaveTextContent('No la volverás a ver: cópiala ahora.');
    expect(within(shown).getByLabelText('Clave')).toHaveValue(NEW_KEY);
    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    expect(within(shown).getByRole('button', { name: 'Copiado' })).toBeInTheDocument();
    expect(within(shown).getByRole('status')).toHaveTextContent('Copiado al portapapeles');

    // Behind the dialog, the list has its first key, and the empty state's button is gone with it.
    expect(await screen.findByRole('listitem', { name: 'Tienda', hidden: true })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Ya la he guardado' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crear clave' })).toHaveFocus());
    expect(screen.queryByDisplayValue(NEW_KEY)).not.toBeInTheDocument();
  });

  it('says what to do when the workspace keeps the most keys it may, and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderPage({
      [LIST]: () => json(200, [catalogue]),
      [CREATE]: () =>
        json(409, { error: { code: 'CONFLICT', message: 'A workspace keeps at most 50 API keys' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Crear clave' }));
    const form = await screen.findByRole('dialog', { name: 'Crear clave de API' });
    await user.type(within(form).getByLabelText('Nombre'), 'Otra más');
    await user.click(within(form).getByRole('button', { name: 'Crear clave' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Este espacio de trabajo ya tiene 50 claves, el máximo. Revoca una que no uses para crear otra.',
    );
    expect(within(form).getByLabelText('Nombre')).toHaveValue('Otra más');
  });

  it('revokes a key after asking, and the focus stays in the list', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderPage({
      [LIST]: () => json(200, [catalogue, oldSheet]),
      [`DELETE /api/api-key/${catalogue.id}`]: () => json(204),
    });
    const revoke = await screen.findByRole('button', {
      name: 'Revocar la clave «Sincronización del catálogo»',
    });
    await user.click(revoke);
    const confirm = await screen.findByRole('dialog', {
      name: '¿Revocar la clave «Sincronización del catálogo»?',
    });
    expect(confirm).toHaveTextContent('dejarán de tener acceso desde su próxima petición');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(revoke).toHaveFocus());
    expect(callsTo(`DELETE /api/api-key/${catalogue.id}`)).toHaveLength(0);

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Revocar clave' }));
    expect(await screen.findByText('Clave «Sincronización del catálogo» revocada')).toBeInTheDocument();
    expect(callsTo(`DELETE /api/api-key/${catalogue.id}`)).toHaveLength(1);
    expect(screen.queryByRole('listitem', { name: 'Sincronización del catálogo' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Revocar la clave «Hoja de cálculo»' })).toHaveFocus(),
    );
  });

  it('shows a list that failed to load with a way to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage({
      [LIST]: () =>
        fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, [catalogue]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las claves de API');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('listitem', { name: 'Sincronización del catálogo' })).toBeInTheDocument();
  });

  it('tells a member who manages the API, without asking for the keys', async () => {
    const { callsTo } = renderPage({ [LIST]: () => json(200, []) }, { owner: false });
    expect(
      await screen.findByRole('heading', {
        name: 'Solo el propietario y los administradores gestionan la API',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/las crean y revocan Luis Pérez, su propietario, y sus administradores/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crear clave' })).not.toBeInTheDocument();
    expect(callsTo(LIST)).toHaveLength(0);
  });

  it('speaks English', async () => {
    await changeLocale('en');
    renderPage({ [LIST]: () => json(200, [catalogue]) });
    const row = await screen.findByRole('listitem', { name: 'Sincronización del catálogo' });
    expect(row).toHaveTextContent('Last used');
    expect(
      screen.getByRole('button', { name: 'Revoke the key “Sincronización del catálogo”' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 active key')).toBeInTheDocument();
  });
});
