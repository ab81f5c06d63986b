import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrandVoice } from '@redacta/shared';
import { json } from '../../../test/render';
import { renderInSession, startAsAna } from '../../../test/session';
import { anaInWorkspace, workspaceFixture } from '../../../test/fixtures';
import { changeLocale } from '@/lib/i18n';
import BrandVoicePage from './pages/brand-voice-page';
import NewBrandVoicePage from './pages/new-brand-voice-page';
import EditBrandVoicePage from './pages/edit-brand-voice-page';

const W = 'a1b2c3d4-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const saved: BrandVoice = {
  id: 'f0f0f0f0-0000-4000-8000-0000000000a1',
  workspaceId: W,
  name: 'Formal',
  voice: 'Trato de usted.',
  isDefault: false,
  addedBy: anaInWorkspace,
  createdAt: '2026-11-02T00:00:00Z',
  updatedAt: '2026-11-02T00:00:00Z',
};
const failure = () => json(500, { error: { code: 'INTERNAL', message: 'x' } });

function render(path: string, handlers: Parameters<typeof renderInSession>[1] = {}) {
  return renderInSession(
    [
      { path: '/brand-voice', element: <BrandVoicePage /> },
      { path: '/brand-voice/new', element: <NewBrandVoicePage /> },
      { path: '/brand-voice/:id', element: <EditBrandVoicePage /> },
    ],
    {
      'GET /api/workspace/list': () => json(200, [workspaceFixture({ id: W })]),
      [`GET /api/brand-voice/workspace/${W}`]: () => json(200, []),
      [`GET /api/brand-voice/${saved.id}`]: () => json(200, saved),
      ...handlers,
    },
    { initialPath: path },
  );
}

const leavingIsRefused = () => {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
};

describe('the brand voice editor', { timeout: 20_000 }, () => {
  beforeEach(startAsAna);

  it('toasts the English catalogue texts: created, edited and their errors', async () => {
    await changeLocale('en');
    let fail = true;
    render('/brand-voice/new', {
      [`POST /api/brand-voice/workspace/${W}`]: () => (fail ? failure() : json(201, saved)),
    });
    await userEvent.type(await screen.findByLabelText('Name'), 'Formal');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Brand Voice creation error')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Brand Voice created')).toBeInTheDocument();
  });

  it('toasts "Brand Voice edited" and "Brand Voice editing error" in English', async () => {
    await changeLocale('en');
    let fail = true;
    render(`/brand-voice/${saved.id}`, {
      [`PATCH /api/brand-voice/${saved.id}`]: () =>
        fail ? failure() : json(200, { ...saved, name: 'Serio' }),
    });
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Serio');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Brand Voice editing error')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Brand Voice edited')).toBeInTheDocument();
  });

  it('says "Error in deleting Brand Voice" in English when a delete fails', async () => {
    await changeLocale('en');
    render('/brand-voice', {
      [`GET /api/brand-voice/workspace/${W}`]: () => json(200, [{ ...saved, excerpt: 'Trato de usted.' }]),
      [`DELETE /api/brand-voice/${saved.id}`]: failure,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Formal' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error in deleting Brand Voice')).toBeInTheDocument();
  });

  it('asks before a link throws away what was typed, keeps it on "Keep editing", leaves on "Leave without saving"', async () => {
    const { router, calls } = render('/brand-voice/new');
    await screen.findByLabelText('Nombre');
    expect(leavingIsRefused()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    // Nothing typed yet: the link just goes.
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand-voice'));

    await act(() => router.navigate('/brand-voice/new'));
    await userEvent.type(await screen.findByLabelText('Nombre'), 'Cercana');
    expect(leavingIsRefused()).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Voz de marca' }));
    const question = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/brand-voice/new');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Cercana');

    await userEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    const again = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand-voice'));
    expect(leavingIsRefused()).toBe(false);
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });

  it('counts a typed sample as work to keep', async () => {
    render('/brand-voice/new');
    await userEvent.type(await screen.findByLabelText('Texto de muestra'), 'Somos cercanos');
    expect(leavingIsRefused()).toBe(true);
  });
});
