import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { startAsAna } from '../../../../test/session';
import { folder, project } from '../test/fake-workspace-api';
import { renderProjects } from '../test/render-projects';

const cardNames = () => screen.getAllByTestId('folder-name').map((name) => name.textContent);

async function sortBy(current: string, option: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Orden: ${current}` }));
  await userEvent.click(await screen.findByRole('menuitemradio', { name: option }));
}

describe('the projects page heading and folders', { timeout: 20_000 }, () => {
  beforeEach(startAsAna);

  it('orders the folders as chosen for the projects, by name with accents and numbers read naturally', async () => {
    renderProjects({
      folders: [
        folder('Zeta', '2026-11-14T10:00:00.000Z'),
        folder('campaña 10', '2026-11-13T10:00:00.000Z'),
        folder('Álbum', '2026-11-12T10:00:00.000Z'),
        folder('Campaña 2', '2026-11-11T10:00:00.000Z'),
      ],
      projects: [project('Uno')],
    });
    await screen.findAllByTestId('folder-card');
    // The server's order (newest first) until a name sort is chosen.
    expect(cardNames()).toEqual(['Zeta', 'campaña 10', 'Álbum', 'Campaña 2']);

    await sortBy('Modificados recientemente', 'Nombre (A–Z)');
    expect(cardNames()).toEqual(['Álbum', 'Campaña 2', 'campaña 10', 'Zeta']);

    await sortBy('Nombre (A–Z)', 'Nombre (Z–A)');
    expect(cardNames()).toEqual(['Zeta', 'campaña 10', 'Campaña 2', 'Álbum']);

    await sortBy('Nombre (Z–A)', 'Creados hace más tiempo');
    expect(cardNames()).toEqual(['Campaña 2', 'Álbum', 'campaña 10', 'Zeta']);
  });

  it('with no folders the list is headed "all projects", not the page title again', async () => {
    renderProjects({ folders: [], projects: [project('Uno'), project('Dos')] });
    const list = await screen.findByRole('region', { name: 'Todos los proyectos' });
    expect(within(list).getByRole('link', { name: 'Uno' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mis proyectos' })).toBeNull();

    await changeLocale('en');
    expect(await screen.findByRole('region', { name: 'All projects' })).toBeInTheDocument();
  });

  it('with folders the list is headed "projects in no folder"', async () => {
    renderProjects({ folders: [folder('Clientes')], projects: [project('Uno')] });
    expect(await screen.findByRole('region', { name: 'Proyectos sin carpeta' })).toBeInTheDocument();
  });
});
