import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../test/render';
import { renderInSession, startAsAna } from '../../test/session';
import { anaInWorkspace, luis, me, WORKSPACE_ID as W, workspaceFixture } from '../../test/fixtures';
import { sessionStore } from '@/lib/session-store';
import ProfilePage from '@/features/profile/pages/profile-page';
import WorkspaceSettingsPage from '@/features/workspaces/pages/workspace-settings-page';
import LabsPage from '@/features/labs/pages/labs-page';
import SubscriptionPage from '@/features/subscription/pages/subscription-page';
import { fakeBillingApi } from '@/features/subscription/test/fake-billing-api';

const workspace = (owner: typeof luis | null = null, plan: 'free' | 'pro_monthly' = 'free') =>
  workspaceFixture({
    plan,
    ...(owner && { ownerId: owner.id, owner, invitedUsers: [anaInWorkspace] }),
    usage: { wordCount: 1500, remaining: 500 },
  });

function renderPage(
  element: React.ReactElement,
  handlers: Parameters<typeof fakeApi>[0],
  list = [workspace()],
) {
  return renderInSession([{ path: '/page', element }], {
    'GET /api/workspace/list': () => json(200, list),
    ...handlers,
  }).calls;
}

describe('settings pages', () => {
  beforeEach(startAsAna);

  it('profile: changes the name with the success toast and updates the user', async () => {
    const calls = renderPage(<ProfilePage />, {
      'PATCH /api/user/change-name': (body) => json(200, { id: me.id, ...(body as object) }),
    });
    const first = await screen.findByLabelText('Nombre');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await userEvent.clear(first);
    await userEvent.type(first, 'Anabel');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Datos del perfil cambiados correctamente')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      key: 'PATCH /api/user/change-name',
      body: { firstName: 'Anabel', lastName: 'García' },
    });
    expect(sessionStore.get().user?.firstName).toBe('Anabel');
  });

  it('profile: a failed name change shows the catalogue toast', async () => {
    renderPage(<ProfilePage />, {
      'PATCH /api/user/change-name': () => json(500, { error: { code: 'INTERNAL', message: 'x' } }),
    });
    const last = await screen.findByLabelText('Apellido');
    await userEvent.type(last, ' Ruiz');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se pudo cambiar el nombre de usuario')).toBeInTheDocument();
  });

  it('profile: e-mail change sends a code, then confirms it; a taken address gets its message', async () => {
    let step = 0;
    const calls = renderPage(<ProfilePage />, {
      'PATCH /api/user/change-email': (body) => {
        step += 1;
        if ((body as { email: string }).email === 'luis@ejemplo.com')
          return json(409, { error: { code: 'EMAIL_TAKEN', message: 'taken' } });
        return (body as { code?: string }).code ? json(200, { email: 'nueva@ejemplo.com' }) : json(204);
      },
    });
    const email = await screen.findByLabelText('Nuevo correo electrónico');
    await userEvent.type(email, 'luis@ejemplo.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(
      await screen.findByText('Ya existe una cuenta con esta dirección de correo electrónico'),
    ).toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, 'nueva@ejemplo.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await userEvent.type(await screen.findByLabelText('Código de verificación'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));
    await waitFor(() => expect(sessionStore.get().user?.email).toBe('nueva@ejemplo.com'));
    expect(
      calls.filter((call) => call.key === 'PATCH /api/user/change-email').map((call) => call.body),
    ).toEqual([
      { email: 'luis@ejemplo.com' },
      { email: 'nueva@ejemplo.com' },
      { email: 'nueva@ejemplo.com', code: '123456' },
    ]);
    expect(step).toBe(3);
  });

  it('workspace settings: the owner renames with validation and the success toast', async () => {
    const calls = renderPage(<WorkspaceSettingsPage />, {
      [`PATCH /api/workspace/rename/${W}`]: (body) => json(200, { id: W, ...(body as object) }),
    });
    const name = await screen.findByLabelText('Nombre del espacio de trabajo');
    await userEvent.clear(name);
    await userEvent.type(name, '<<>>');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      screen.getByText('No se permiten los signos < y > ni caracteres de control. Sobra: < >'),
    ).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, '---');
    expect(screen.getByText('Incluye al menos una letra o un número')).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('PATCH'))).toBe(false);

    // The field stops at the product's 60 characters instead of taking 70 and refusing them.
    expect(name).toHaveAttribute('maxLength', '60');
    await userEvent.clear(name);
    await userEvent.type(name, 'x'.repeat(70));
    expect(name).toHaveValue('x'.repeat(60));
    expect(screen.queryByText(/Máximo 60 caracteres/)).not.toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, 'Equipo Norte');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Nombre del espacio de trabajo cambiado correctamente'),
    ).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ name: 'Equipo Norte' });
    expect(screen.getByText('Plan gratuito', { selector: 'dd' })).toBeInTheDocument();
  });

  it('labs: the GPT-4 switch is off and disabled for free workspaces, saying it is for paid members', async () => {
    renderPage(<LabsPage />, {});
    const toggle = await screen.findByRole('switch', { name: 'GPT-4 en el chat' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/Solo para miembros de pago/);
  });

  it('subscription: shows the plan, the words used this month and the prices', async () => {
    const { 'GET /api/auth/refresh': _refresh, ...billing } = fakeBillingApi({ plan: 'free' }).handlers;
    renderPage(<SubscriptionPage />, {
      ...billing,
      'GET /api/workspace/list': () => json(200, [workspace()]),
    });
    expect(await screen.findByText('1500 de 2000 palabras usadas')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Palabras este mes' })).toHaveAttribute(
      'aria-valuenow',
      '1500',
    );
    expect(screen.getByText(/432 €\/año/)).toBeInTheDocument();
  });
});
