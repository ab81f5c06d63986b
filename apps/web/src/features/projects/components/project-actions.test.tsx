import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startAsAna } from '../../../../test/session';
import userEvent from '@testing-library/user-event';
import { FOLDERS_PER_WORKSPACE } from '@redacta/shared';
import { changeLocale } from '@/lib/i18n';
import { storage, storageKeys } from '@/lib/storage';
import { W, folder, project } from '../test/fake-workspace-api';
import { openMenu, renderProjects, row } from '../test/render-projects';

/** Opens a project's inline rename from its menu; resolves with the field once it has the focus. */
async function startRename(name: string) {
  await userEvent.click(within(await openMenu(name)).getByRole('menuitem', { name: 'Cambiar nombre' }));
  const input = await screen.findByRole('textbox', { name: 'Nombre del proyecto' });
  await waitFor(() => expect(input).toHaveFocus());
  return input;
}

// Each test drives several dialogs through a loaded machine: give them room beyond the 5 s default.
describe('project and folder actions', { timeout: 20_000 }, () => {
  beforeEach(startAsAna);

  it('multi-select delete: confirmation, one call per project, one plural toast', async () => {
    const a = project('Primero');
    const b = project('Segundo');
    const c = project('Tercero');
    storage.set(storageKeys.projectId, b.id);
    const { calls } = renderProjects({ folders: [], projects: [a, b, c] });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar «Primero»' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar «Segundo»' }));
    const bar = screen.getByTestId('selection-bar');
    expect(within(bar).getByText('2 proyectos seleccionados')).toBeInTheDocument();

    await userEvent.click(within(bar).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar 2 proyectos?' });
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Proyectos eliminados correctamente')).toBeInTheDocument();
    // The stored project was one of them: /chat must not try to open it again.
    expect(storage.get(storageKeys.projectId)).toBeNull();
    expect(calls.filter((call) => call.key.startsWith('DELETE')).map((call) => call.key)).toEqual([
      `DELETE /api/project/${a.id}`,
      `DELETE /api/project/${b.id}`,
    ]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Primero' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Tercero' })).toBeInTheDocument();
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
  });

  it('a selection delete that partly fails says how many went, in one toast, and keeps the rest selected', async () => {
    const a = project('Primero');
    const b = project('Segundo');
    renderProjects({ folders: [], projects: [a, b], fail: { delete: [b.id] } });
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Seleccionar todos los proyectos que puedes cambiar' }),
    );
    await userEvent.click(
      within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Eliminar' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(
      await screen.findByText('Se eliminaron 1 de 2 proyectos; no se pudo eliminar el resto'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Proyectos eliminados correctamente')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('selection-bar')).getByText('1 proyecto seleccionado'),
    ).toBeInTheDocument();
  });

  it('deleting one project from its menu gives the singular toast', async () => {
    renderProjects({ folders: [], projects: [project('Único')] });
    const menu = await openMenu('Único');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar el proyecto?' });
    expect(dialog).toHaveTextContent('Se eliminará «Único» con su conversación y su documento.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Proyecto eliminado correctamente')).toBeInTheDocument();
  });

  it('move to folder: the newest folder starts selected, one call per project, one toast', async () => {
    const older = folder('Antigua', '2026-11-01T00:00:00.000Z');
    const newest = folder('Reciente', '2026-11-15T00:00:00.000Z');
    const a = project('Primero');
    const b = project('Segundo');
    const { calls } = renderProjects({ folders: [older, newest], projects: [a, b] });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar «Primero»' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar «Segundo»' }));
    await userEvent.click(
      within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Mover a carpeta' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mover a carpeta' });
    expect(within(dialog).getByRole('radio', { name: /Reciente/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByText('Proyectos movidos correctamente')).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('PATCH')).map((call) => call.key)).toEqual([
      `PATCH /api/project/${a.id}/move-to-folder/${newest.id}`,
      `PATCH /api/project/${b.id}/move-to-folder/${newest.id}`,
    ]);
    await waitFor(() =>
      expect(within(screen.getAllByTestId('folder-card')[0]!).getByText('2 proyectos')).toBeInTheDocument(),
    );
  });

  it('a failed move says so', async () => {
    const target = folder('Destino');
    const a = project('Primero');
    renderProjects({ folders: [target], projects: [a], fail: { move: ['*'] } });
    const menu = await openMenu('Primero');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mover a carpeta' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByText('No se pudieron mover los proyectos')).toBeInTheDocument();
  });

  it('share toggles team-visible and private with their success toasts; a failure has its own', async () => {
    const a = project('Informe');
    const b = project('Borrador');
    renderProjects({ folders: [], projects: [a, b], fail: { share: [b.id] } });
    await userEvent.click(
      within(await openMenu('Informe')).getByRole('menuitem', { name: 'Compartir con el equipo' }),
    );
    expect(await screen.findByText('El proyecto ya está disponible para tu equipo')).toBeInTheDocument();
    await waitFor(() => expect(within(row('Informe')).getByText('Equipo')).toBeInTheDocument());
    await userEvent.click(within(await openMenu('Informe')).getByRole('menuitem', { name: 'Hacer privado' }));
    expect(await screen.findByText('El proyecto ahora es privado')).toBeInTheDocument();
    await userEvent.click(
      within(await openMenu('Borrador')).getByRole('menuitem', { name: 'Compartir con el equipo' }),
    );
    expect(await screen.findByText('No se pudo compartir el proyecto')).toBeInTheDocument();
  });

  it('rename inline: Enter saves a changed name, Escape gives up', async () => {
    const a = project('Viejo nombre');
    const { calls } = renderProjects({ folders: [], projects: [a], fail: { rename: [] } });
    const input = await startRename('Viejo nombre');
    await userEvent.clear(input);
    await userEvent.type(input, 'Nombre nuevo{Enter}');
    expect(await screen.findByRole('link', { name: 'Nombre nuevo' })).toBeInTheDocument();
    expect(calls.find((call) => call.key.startsWith('PATCH /api/project/rename'))?.body).toEqual({
      name: 'Nombre nuevo',
    });

    const again = await startRename('Nombre nuevo');
    await userEvent.type(again, ' descartado{Escape}');
    expect(screen.getByRole('link', { name: 'Nombre nuevo' })).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('PATCH /api/project/rename'))).toHaveLength(1);
  });

  it('a failed rename goes back to the old name and shows the error toast', async () => {
    const a = project('Viejo nombre');
    renderProjects({ folders: [], projects: [a], fail: { rename: ['*'] } });
    const input = await startRename('Viejo nombre');
    await userEvent.clear(input);
    await userEvent.type(input, 'Otro{Enter}');
    expect(await screen.findByText('Error al renombrar el proyecto')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Viejo nombre' })).toBeInTheDocument();
  });

  it('new folder: required, at most 100 characters, a taken name inline, then the success toast', async () => {
    const { calls } = renderProjects({ folders: [folder('Clientes')], projects: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva carpeta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva carpeta' });
    const submit = within(dialog).getByRole('button', { name: 'Crear carpeta' });
    await userEvent.click(submit);
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeInTheDocument();

    const name = within(dialog).getByLabelText('Nombre de la carpeta');
    await userEvent.type(name, 'x'.repeat(101));
    expect(within(dialog).getByText('Como máximo 100 caracteres')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await userEvent.clear(name);
    await userEvent.type(name, 'CLIENTES');
    expect(within(dialog).getByText('Ya existe una carpeta con ese nombre.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /api/folder')).toBe(false);

    await userEvent.clear(name);
    await userEvent.type(name, '  Proveedores  {Enter}');
    expect(await screen.findByText('Carpeta creada correctamente')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/folder')?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      workspaceId: W,
      name: 'Proveedores',
    });
    expect(await screen.findByText('Proveedores')).toBeInTheDocument();
  });

  it('new folder: a double click creates one folder, closes the dialog and toasts once', async () => {
    const { calls, state } = renderProjects({ folders: [], projects: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva carpeta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva carpeta' });
    await userEvent.type(within(dialog).getByLabelText('Nombre de la carpeta'), 'Prensa');
    // Two clicks before anything re-renders, as a quick double click lands.
    const create = within(dialog).getByRole('button', { name: 'Crear carpeta' });
    fireEvent.click(create);
    fireEvent.click(create);
    expect(await screen.findByText('Carpeta creada correctamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.key === 'POST /api/folder')).toHaveLength(1);
    expect(state.folders.map((item) => item.name)).toEqual(['Prensa']);
    expect(screen.queryByText('Ya existe una carpeta con ese nombre.')).not.toBeInTheDocument();
  });

  it('new folder: a retry after a failure goes under the same id, so the server can answer what it made', async () => {
    const { calls } = renderProjects({ folders: [], projects: [], fail: { createFolder: ['*'] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva carpeta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva carpeta' });
    await userEvent.type(within(dialog).getByLabelText('Nombre de la carpeta'), 'Prensa{Enter}');
    expect(await screen.findByText('No se pudo crear la carpeta')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear carpeta' }));
    await waitFor(() => expect(calls.filter((call) => call.key === 'POST /api/folder')).toHaveLength(2));
    const [first, second] = calls.filter((call) => call.key === 'POST /api/folder');
    expect((second!.body as { id: string }).id).toBe((first!.body as { id: string }).id);
  });

  it('new folder: a name taken meanwhile (409 from the server) shows under the field', async () => {
    const api = renderProjects({ folders: [], projects: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva carpeta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva carpeta' });
    // Someone else creates it after this page loaded its folders.
    api.state.folders.push(folder('Prensa'));
    await userEvent.type(within(dialog).getByLabelText('Nombre de la carpeta'), 'prensa{Enter}');
    expect(await within(dialog).findByText('Ya existe una carpeta con ese nombre.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('new folder in a workspace with as many folders as it may keep: the error says so, the dialog keeps the name', async () => {
    const api = renderProjects({ folders: [], projects: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva carpeta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva carpeta' });
    // Others fill the workspace's folders after this page loaded them.
    for (let i = 0; i < FOLDERS_PER_WORKSPACE; i++) api.state.folders.push(folder(`Carpeta ${i}`));
    await userEvent.type(within(dialog).getByLabelText('Nombre de la carpeta'), 'Prensa{Enter}');
    expect(
      await screen.findByText(
        'Este espacio de trabajo ya tiene el máximo de carpetas. Elimina una para crear otra.',
      ),
    ).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre de la carpeta')).toHaveValue('Prensa');
  });

  it('renaming a folder: the success toast on success, its own text on failure', async () => {
    const box = folder('Borradores');
    const other = folder('Ideas');
    renderProjects({ folders: [box, other], projects: [], fail: { renameFolder: [other.id] } });
    await userEvent.click(
      within(await openMenu('Borradores')).getByRole('menuitem', { name: 'Cambiar nombre' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar el nombre de la carpeta' });
    const name = within(dialog).getByLabelText('Nombre de la carpeta');
    expect(name).toHaveValue('Borradores');
    await userEvent.clear(name);
    await userEvent.type(name, 'Definitivos{Enter}');
    expect(await screen.findByText('¡Nombre de carpeta guardado correctamente!')).toBeInTheDocument();
    expect(await screen.findByText('Definitivos')).toBeInTheDocument();

    await userEvent.click(within(await openMenu('Ideas')).getByRole('menuitem', { name: 'Cambiar nombre' }));
    const again = await screen.findByRole('dialog', { name: 'Cambiar el nombre de la carpeta' });
    await userEvent.type(within(again).getByLabelText('Nombre de la carpeta'), ' nuevas{Enter}');
    expect(await screen.findByText('No se pudo cambiar el nombre de la carpeta')).toBeInTheDocument();
    expect(again).toBeInTheDocument();
  });

  it('deleting a folder says its projects move to the top level, and they do', async () => {
    const box = folder('Archivo');
    renderProjects({ folders: [box], projects: [project('Dentro', { folderId: box.id })] });
    await userEvent.click(within(await openMenu('Archivo')).getByRole('menuitem', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar la carpeta «Archivo»?' });
    expect(dialog).toHaveTextContent(
      'El proyecto que contiene no se elimina: pasa a Mis proyectos, fuera de cualquier carpeta.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar carpeta' }));
    expect(await screen.findByText('Carpeta eliminada correctamente.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dentro' })).toBeInTheDocument();
  });

  it('in English the toasts are in the English catalogue', async () => {
    await changeLocale('en');
    renderProjects({ folders: [], projects: [project('One'), project('Two')] });
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select every project you can change' }),
    );
    await userEvent.click(
      within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Delete' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete 2 projects?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Projects deleted successfully!')).toBeInTheDocument();
  });
});
