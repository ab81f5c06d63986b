import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Menu, MenuItem, MoreButton } from './menu';
import { Modal, ModalClose } from './modal';

/** A page that opens a modal from a plain button and a confirmation from a menu item. */
function Page() {
  const [modalOpen, setModalOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button onClick={() => setModalOpen(true)}>Nueva carpeta</Button>
      <Modal
        open={modalOpen}
        onOpenChange={setModalOpen}
        title="Nueva carpeta"
        closeLabel="Cerrar"
        footer={
          <ModalClose asChild>
            <Button variant="secondary">Cancelar</Button>
          </ModalClose>
        }
      >
        <input aria-label="Nombre" autoFocus />
      </Modal>
      <Menu trigger={<MoreButton label="Acciones del proyecto" />}>
        <MenuItem onSelect={() => setConfirming(true)}>Eliminar</MenuItem>
      </Menu>
      {confirming && (
        <ConfirmDialog
          onOpenChange={setConfirming}
          title="¿Eliminar el proyecto?"
          description="No se puede deshacer."
          confirmLabel="Eliminar"
          pending={false}
          onConfirm={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** Rows with a "⋯" menu each, whose "Eliminar" confirms, then removes the row. */
function Rows() {
  const [rows, setRows] = useState(['Uno', 'Dos', 'Tres']);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <ul>
      {rows.map((row) => (
        <li key={row}>
          {row}
          <Menu trigger={<MoreButton label={`Acciones de ${row}`} />}>
            <MenuItem onSelect={() => setDeleting(row)}>Eliminar</MenuItem>
          </Menu>
        </li>
      ))}
      {deleting && (
        <ConfirmDialog
          onOpenChange={() => setDeleting(null)}
          title={`¿Eliminar ${deleting}?`}
          description="No se puede deshacer."
          confirmLabel="Eliminar"
          pending={false}
          onConfirm={() => {
            setRows((current) => current.filter((row) => row !== deleting));
            setDeleting(null);
          }}
        />
      )}
    </ul>
  );
}

describe('dialogs give the focus back to the control that opened them', () => {
  beforeEach(() => changeLocale('es'));

  it('a modal opened by a plain button: Escape, Cancel and the close button', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Nueva carpeta' });
    for (const close of ['{Escape}', 'Cancelar', 'Cerrar']) {
      await userEvent.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Nueva carpeta' });
      // autoFocus inside the dialog moved the focus first; the opener is still remembered.
      expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus();
      if (close.startsWith('{')) await userEvent.keyboard(close);
      else await userEvent.click(screen.getByRole('button', { name: close }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());
    }
  });

  it('a confirmation opened from a menu item goes back to the menu’s trigger', async () => {
    render(<Page />);
    const trigger = screen.getByRole('button', { name: 'Acciones del proyecto' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar el proyecto?' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('when the dialog removed the row it was opened from, the next row takes the focus (the one before, at the end)', async () => {
    render(<Rows />);
    const trigger = screen.getByRole('button', { name: 'Acciones de Dos' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar Dos?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acciones de Tres' })).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '¿Eliminar Tres?' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acciones de Uno' })).toHaveFocus());
  });
});
