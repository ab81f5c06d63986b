import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { Root } from './root';

function Broken(): never {
  throw new Error('the page broke');
}

function BreaksOnClick() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error('the page broke');
  return <button onClick={() => setBroken(true)}>Romper</button>;
}

const routes = [
  {
    element: <Root />,
    children: [
      at('/broken', <Broken />),
      at('/breaks', <BreaksOnClick />),
      at('/fine', <h1>Página buena</h1>),
    ],
  },
];

describe('a page that throws', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is replaced by the error page, and going elsewhere shows the next page', async () => {
    // React reports the caught error on the console; the test is about what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderRoutes(routes, '/broken');
    expect(
      await screen.findByRole('heading', { name: 'No se pudo mostrar esta página' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al chat' })).toHaveAttribute('href', '/chat');

    await act(() => router.navigate('/fine'));
    expect(await screen.findByRole('heading', { name: 'Página buena' })).toBeInTheDocument();
  });

  it('keeps the app around it: a page breaking later shows the error page in its place', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(routes, '/breaks');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Romper' }));
    expect(
      await screen.findByRole('heading', { name: 'No se pudo mostrar esta página' }),
    ).toBeInTheDocument();
  });
});
