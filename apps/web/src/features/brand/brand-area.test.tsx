import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json, renderRoutes } from '../../../test/render';
import { startSignedOut } from '../../../test/session';
import { me, WORKSPACE_ID, workspaceFixture } from '../../../test/fixtures';
import { setViewport } from '../../../test/viewport';
import { routes } from '@/app/router';

function start(path: string) {
  const api = fakeApi({
    'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
    'GET /api/workspace/list': () => json(200, [workspaceFixture()]),
    [`GET /api/brand-voice/workspace/${WORKSPACE_ID}`]: () => json(200, []),
    [`GET /api/workspace/${WORKSPACE_ID}/knowledge`]: () => json(200, { sources: [], reindexing: false }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return renderRoutes(routes, path);
}

const tabs = () => screen.findByRole('navigation', { name: 'Secciones de marca' });

beforeEach(async () => {
  await startSignedOut();
  setViewport(false);
});

describe('the Brand area', () => {
  it('is "Marca" in the navigation, with voices and knowledge as tabs that are routes', async () => {
    const { router } = start('/brand');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/voices'));
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Marca' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Voz de marca' })).toBeInTheDocument();
    expect(within(await tabs()).getByRole('link', { name: 'Voz de marca' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    expect(within(await tabs()).getByRole('link', { name: 'Reglas de estilo' })).toHaveAttribute(
      'href',
      '/brand/style-rules',
    );
    await userEvent.click(within(await tabs()).getByRole('link', { name: 'Conocimiento' }));
    expect(router.state.location.pathname).toBe('/brand/knowledge');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conocimiento' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Aún no hay conocimiento' })).toBeInTheDocument();
    expect(within(await tabs()).getByRole('link', { name: 'Conocimiento' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.title).toBe('Conocimiento · Redacta');
  });

  it('keeps the voices at /brand-voice, as the same tab', async () => {
    const { router } = start('/brand-voice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Voz de marca' })).toBeInTheDocument();
    await screen.findByRole('navigation', { name: 'Secciones de marca' });
    expect(within(await tabs()).getByRole('link', { name: 'Voz de marca' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(router.state.location.pathname).toBe('/brand-voice');
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Marca' })).toHaveAttribute('aria-current', 'page');
  });
});
