import { Suspense, useEffect, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyLoaded } from './lazy-loaded';

const screenModule = () => Promise.resolve({ default: () => <h1>Chat</h1> });

function show(Component: ComponentType) {
  return render(
    <Suspense fallback={<p>Cargando…</p>}>
      <Component />
    </Suspense>,
  );
}

describe('lazyLoaded', () => {
  it('renders a screen fetched ahead of time at once, never its fallback', async () => {
    const page = lazyLoaded(screenModule);
    await page.preload();
    show(page.Component);
    // Synchronously, in the same commit: nothing for React to hold back.
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByText('Cargando…')).not.toBeInTheDocument();
  });

  it('shows the fallback while a screen nobody fetched yet loads', async () => {
    const page = lazyLoaded(screenModule);
    show(page.Component);
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
  });

  it('keeps a screen mounted through the lazy wrapper once its module arrives (no remount)', async () => {
    let mounts = 0;
    function Counted() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <h1>Chat</h1>;
    }
    const page = lazyLoaded(() => Promise.resolve({ default: Counted }));
    const { rerender } = show(page.Component);
    await screen.findByRole('heading', { name: 'Chat' });
    await act(async () => {
      rerender(
        <Suspense fallback={<p>Cargando…</p>}>
          <page.Component />
        </Suspense>,
      );
    });
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});
