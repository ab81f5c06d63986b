import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { TransformMenu } from './transform-menu';

function renderMenu(autoFocus = true) {
  const onRun = vi.fn();
  const onClose = vi.fn();
  render(<TransformMenu autoFocus={autoFocus} onRun={onRun} onClose={onClose} />);
  return { onRun, onClose };
}

describe("the selection's AI menu", () => {
  beforeEach(() => changeLocale('es'));

  it('lists every action, with the tone and language submenus marked as such', () => {
    renderMenu();
    const menu = screen.getByRole('menu', { name: 'Acciones de IA sobre la selección' });
    expect(Array.from(menu.querySelectorAll('[role="menuitem"]')).map((item) => item.textContent)).toEqual([
      'Reescribir',
      'Acortar',
      'Alargar',
      'Cambiar tono',
      'Traducir',
      'Corregir',
      'Pedir…',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Cambiar tono' })).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.getByRole('menuitem', { name: 'Reescribir' })).toHaveFocus();
  });

  it('arrows move (and wrap), Enter runs the focused action', async () => {
    const user = userEvent.setup();
    const { onRun } = renderMenu();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Pedir…' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Acortar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRun).toHaveBeenCalledWith({ action: 'shorten' });
  });

  it('the right arrow opens a submenu, the left arrow goes back to its entry, Enter runs a tone', async () => {
    const user = userEvent.setup();
    const { onRun, onClose } = renderMenu();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowRight}');
    expect(screen.getByRole('menu', { name: 'Cambiar tono' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Más cercano' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('menuitem', { name: 'Cambiar tono' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}{Enter}');
    expect(onRun).toHaveBeenCalledWith({ action: 'tone', tone: 'persuasive' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Escape leaves a submenu first, then closes the menu', async () => {
    const user = userEvent.setup();
    const { onClose } = renderMenu();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Portugués' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('menuitem', { name: 'Traducir' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('"Pedir…" asks for an instruction and sends it trimmed; an empty one cannot be sent', async () => {
    const user = userEvent.setup();
    const { onRun } = renderMenu(false);
    await user.click(screen.getByRole('menuitem', { name: 'Pedir…' }));
    const field = screen.getByLabelText('¿Qué hago con el texto seleccionado?');
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Pedir' })).toBeDisabled();
    await user.type(field, '  hazlo más divertido {Enter}');
    expect(onRun).toHaveBeenCalledWith({ action: 'custom', instruction: 'hazlo más divertido' });
  });

  it('speaks English with the same entries', async () => {
    await changeLocale('en');
    renderMenu();
    expect(screen.getByRole('menu', { name: 'AI actions on the selection' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Ask…' })).toBeInTheDocument();
  });
});
