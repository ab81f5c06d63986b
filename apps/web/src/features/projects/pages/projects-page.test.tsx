import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { renderRoutes } from '../../../../test/render';
import { changeLocale } from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';
import { storage, storageKeys } from '@/lib/storage';
import { SessionGate } from '@/features/session';
import { ProjectsHeaderActions } from '../components/projects-header';
import ProjectsPage from './projects-page';
import { W, fakeWorkspaceApi, folder, luis, me, project } from '../test/fake-workspace-api';

function renderProjects(options: Parameters<typeof fakeWorkspaceApi>[0], path = `/projects?id=${W}`) {
  const api = fakeWorkspaceApi(options);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const rendered = renderRoutes(
    [
      {
        path: '/projects',
        element: (
          <SessionGate>
            <ProjectsHeaderActions />
            <ProjectsPage />
            <Toaster />
          </SessionGate>
        ),
      },
      {
        path: '/chat',
        element: (
          <>
            <p>chat page</p>
            <Toaster />
          </>
        ),
      },
    ],
    path,
  );
  return { ...api, ...rendered };
}

const row = (name: string) =>
  screen.getAllByTestId('project-row').find((item) => within(item).queryByRole('link', { name }))!;

async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Acciones de «${name}»` }));
  return screen.findByRole('menu');
}

// Each test drives several dialogs through a loaded machine: give them room beyond the 5 s default.
describe('projects page', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await changeLocale('es');
    sessionStore.setSession('token', me);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.remove();
  });

  it('lists the folders with their counts and the projects in no folder', async () => {
    const brief = folder('Clientes');
    renderProjects({
      folders: [brief],
      projects: [
        project('Campaña de otoño'),
        project('Newsletter', { folderId: brief.id }),
        project('Guion del vídeo', { isShared: true, createdBy: luis.id }),
      ],
    });
    const card = await screen.findByTestId('folder-card');
    expect(within(card).getByText('Clientes')).toBeInTheDocument();
    expect(within(card).getByText('1 proyecto')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Campaña de otoño' })).toHaveAttribute(
      'href',
      expect.stringContaining('/chat?project='),
    );
    expect(screen.queryByRole('link', { name: 'Newsletter' })).not.toBeInTheDocument();
    const shared = row('Guion del vídeo');
    expect(within(shared).getByText('Equipo')).toBeInTheDocument();
    expect(within(shared).getByText('Compartido por Luis Pérez')).toBeInTheDocument();
  });

  it('multi-select delete: confirmation, one call per project, one plural toast', async () => {
    const a = project('Primero');
    const b = project('Segundo');
    const c = project('Tercero');
    const { calls } = renderProjects({ folders: [], projects: [a, b, c] });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar «Primero»' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar «Segundo»' }));
    const bar = screen.getByTestId('selection-bar');
    expect(within(bar).getByText('2 proyectos seleccionados')).toBeInTheDocument();

    await userEvent.click(within(bar).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar 2 proyectos?' });
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Proyectos eliminado correctamente')).toBeInTheDocument();
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
    expect(screen.queryByText('Proyectos eliminado correctamente')).not.toBeInTheDocument();
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

  it('share toggles team-visible and private with the spec toasts; a failure has its own', async () => {
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
    await userEvent.click(
      within(await openMenu('Viejo nombre')).getByRole('menuitem', { name: 'Cambiar nombre' }),
    );
    const input = await screen.findByRole('textbox', { name: 'Nombre del proyecto' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.clear(input);
    await userEvent.type(input, 'Nombre nuevo{Enter}');
    expect(await screen.findByRole('link', { name: 'Nombre nuevo' })).toBeInTheDocument();
    expect(calls.find((call) => call.key.startsWith('PATCH /api/project/rename'))?.body).toEqual({
      name: 'Nombre nuevo',
    });

    await userEvent.click(
      within(await openMenu('Nombre nuevo')).getByRole('menuitem', { name: 'Cambiar nombre' }),
    );
    const again = await screen.findByRole('textbox', { name: 'Nombre del proyecto' });
    await waitFor(() => expect(again).toHaveFocus());
    await userEvent.type(again, ' descartado{Escape}');
    expect(screen.getByRole('link', { name: 'Nombre nuevo' })).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('PATCH /api/project/rename'))).toHaveLength(1);
  });

  it('a failed rename goes back to the old name and shows the error toast', async () => {
    const a = project('Viejo nombre');
    renderProjects({ folders: [], projects: [a], fail: { rename: ['*'] } });
    await userEvent.click(
      within(await openMenu('Viejo nombre')).getByRole('menuitem', { name: 'Cambiar nombre' }),
    );
    const input = await screen.findByRole('textbox', { name: 'Nombre del proyecto' });
    await waitFor(() => expect(input).toHaveFocus());
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
      workspaceId: W,
      name: 'Proveedores',
    });
    expect(await screen.findByText('Proveedores')).toBeInTheDocument();
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

  it('deleting a folder says its projects move to the top level, and they do', async () => {
    const box = folder('Archivo');
    renderProjects({ folders: [box], projects: [project('Dentro', { folderId: box.id })] });
    await userEvent.click(within(await openMenu('Archivo')).getByRole('menuitem', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar la carpeta «Archivo»?' });
    expect(dialog).toHaveTextContent(
      'Su proyecto no se elimina: pasa a Mis proyectos, fuera de cualquier carpeta.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar carpeta' }));
    expect(await screen.findByText('Carpeta eliminada correctamente.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dentro' })).toBeInTheDocument();
  });

  it('a folder opens its projects with a breadcrumb back; an empty one offers a new project there', async () => {
    const box = folder('Vacía');
    const { router } = renderProjects({ folders: [box], projects: [project('Fuera')] });
    await userEvent.click(await screen.findByRole('link', { name: /Vacía/ }));
    expect(await screen.findByText('Esta carpeta está vacía')).toBeInTheDocument();
    expect(router.state.location.search).toContain(`folder=${box.id}`);
    expect(screen.getByRole('button', { name: 'Nuevo proyecto aquí' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Ubicación' });
    await userEvent.click(within(crumbs).getByRole('link', { name: 'Mis proyectos' }));
    expect(await screen.findByRole('link', { name: 'Fuera' })).toBeInTheDocument();
  });

  it('new project from a folder: created, moved there, opened in the chat and stored', async () => {
    const box = folder('Campañas');
    const { calls, router } = renderProjects(
      { folders: [box], projects: [] },
      `/projects?id=${W}&folder=${box.id}`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo proyecto aquí' }));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
    const created = calls.find((call) => call.key.includes('/move-to-folder/'))!.key.split('/')[3]!;
    expect(router.state.location.search).toBe(`?project=${created}`);
    expect(storage.get(storageKeys.projectId)).toBe(created);
  });

  it('a project made in a folder it cannot be moved into still opens, and the failed move is said', async () => {
    const box = folder('Campañas');
    renderProjects(
      { folders: [box], projects: [], fail: { move: ['*'] } },
      `/projects?id=${W}&folder=${box.id}`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo proyecto aquí' }));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
    expect(await screen.findByText('No se pudieron mover los proyectos')).toBeInTheDocument();
  });

  it('empty workspace: one primary action; a failed create shows the spec toast', async () => {
    renderProjects({ folders: [], projects: [], fail: { create: ['*'] } });
    expect(await screen.findByText('Aún no hay proyectos')).toBeInTheDocument();
    const [, emptyAction] = screen.getAllByRole('button', { name: 'Nuevo proyecto' });
    await userEvent.click(emptyAction!);
    expect(await screen.findByText('No se pudo crear un nuevo proyecto')).toBeInTheDocument();
  });

  it("another member's shared project: actions disabled with the reason", async () => {
    renderProjects({
      folders: [],
      projects: [project('De Luis', { isShared: true, createdBy: luis.id })],
      ownerIsLuis: true,
    });
    expect(await screen.findByRole('checkbox', { name: 'Seleccionar «De Luis»' })).toBeDisabled();
    const menu = await openMenu('De Luis');
    expect(within(menu).getByRole('menuitem', { name: 'Eliminar' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Cambiar nombre' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(menu).toHaveTextContent(
      'Solo quien lo creó o el propietario del espacio de trabajo puede cambiarlo',
    );
  });

  it('a failed list load shows the spec toast and a retry', async () => {
    renderProjects({ folders: [], projects: [], fail: { list: ['*'] } });
    await waitFor(() =>
      expect(screen.getAllByText('No se pudieron recuperar los proyectos')).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('loads further pages with the cursor, then offers no more', async () => {
    const many = Array.from({ length: 5 }, (_, index) =>
      project(`Proyecto ${index + 1}`, { updatedAt: `2026-11-1${index}T10:00:00.000Z` }),
    );
    const { calls } = renderProjects({ folders: [], projects: many, pageSize: 3 });
    await screen.findByRole('link', { name: 'Proyecto 5' });
    expect(screen.getAllByTestId('project-row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByRole('link', { name: 'Proyecto 1' })).toBeInTheDocument();
    expect(screen.getAllByTestId('project-row')).toHaveLength(5);
    expect(calls.some((call) => call.key.endsWith('&cursor=3'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it('in English the toasts are the spec’s English ones', async () => {
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

  it('remembers the chosen sort and asks the server for it', async () => {
    const { calls } = renderProjects({ folders: [], projects: [project('Uno')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Orden: Modificados recientemente' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Nombre (A–Z)' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key.includes('/projects/no-folder?sort=name&order=asc'))).toBe(true),
    );
    expect(window.localStorage.getItem('redacta.projectsSort')).toBe('name:asc');
  });
});
