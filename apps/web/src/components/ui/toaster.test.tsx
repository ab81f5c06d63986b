import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { setViewport } from '../../../test/viewport';
import { Toaster } from './toaster';

/** The row react-hot-toast positions each toast in. */
const rowOf = (text: string) => screen.getByText(text).closest('[data-rht-toaster] > div') as HTMLElement;

describe('Toaster', () => {
  it('puts toasts at the top right on desktop', async () => {
    setViewport(false);
    render(<Toaster />);
    act(() => void toast.success('Guardado'));
    await screen.findByText('Guardado');
    const row = rowOf('Guardado');
    expect(row.style.top).toBe('0px');
    expect(row.style.bottom).toBe('');
    expect(row.style.justifyContent).toBe('flex-end');
  });

  it('centres them at the top on phones', async () => {
    setViewport(true);
    render(<Toaster />);
    act(() => void toast.error('Sin conexión'));
    await screen.findByText('Sin conexión');
    const row = rowOf('Sin conexión');
    expect(row.style.top).toBe('0px');
    expect(row.style.justifyContent).toBe('center');
  });

  it('lets clicks through everywhere but the toast itself, and a click on it dismisses it', async () => {
    setViewport(false);
    const { container } = render(<Toaster />);
    act(() => void toast.error('No se pudo exportar el documento'));
    const message = await screen.findByText('No se pudo exportar el documento');
    const toaster = container.ownerDocument.querySelector<HTMLElement>('[data-rht-toaster]')!;
    // The container takes no pointer and its rows inherit that: only the toast's box catches clicks.
    expect(toaster.style.pointerEvents).toBe('none');
    expect(rowOf('No se pudo exportar el documento').style.pointerEvents).toBe('');

    fireEvent.click(message);
    // Gone long before its 4 s: react-hot-toast removes a dismissed toast after its 1 s exit.
    await waitFor(() => expect(screen.queryByText('No se pudo exportar el documento')).toBeNull(), {
      timeout: 2500,
    });
  });
});
