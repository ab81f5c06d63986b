import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { startAsAna } from '../../../../test/session';
import userEvent from '@testing-library/user-event';
import { storage, storageKeys } from '@/lib/storage';
import { W, folder, luis, project } from '../test/fake-workspace-api';
import { openMenu, renderProjects, row } from '../test/render-projects';

// Each test drives several dialogs through a loaded machine: give them room beyond the 5 s default.
describe('projects page', { timeout: 20_000 }, () => {
  beforeEach(startAsAna);

  it('lists the folders with their counts and the projects in no folder', async () => {
    const brief = folder('Clientes');
    renderProjects({
      folders: [brief],
      projects: [
        project('Campaña de otoño'),
        project('Newsletter', { folderId: brief.id }),
        project('Guion del vídeo', { isShared: true, createdBy: luis.id }),
        project('Fichas del catálogo', {
          isShared: true,
          createdBy: luis.id,
          createdByApiKey: { id: '77777777-7777-4777-8777-777777777777', name: 'Catálogo' },
        }),
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
    // Made through an API key: the key is its author.
    expect(within(row('Fichas del catálogo')).getByText('Compartido por API · Catálogo')).toBeInTheDocument();
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

  it('empty workspace: one primary action; a failed create shows its error toast', async () => {
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

  it('a failed folder load shows its error toast and still lists the projects', async () => {
    renderProjects({ folders: [folder('Oculta')], projects: [project('Visible')], fail: { folders: ['*'] } });
    expect(await screen.findByText('No se pudieron recuperar las carpetas')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Visible' })).toBeInTheDocument();
  });

  it('a failed list load shows its error toast and a retry', async () => {
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
