import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { Toaster } from 'react-hot-toast';
import { renderRoutes } from '../../../../test/render';
import { SessionGate } from '@/features/session';
import { ProjectsHeaderActions } from '../components/projects-header';
import ProjectsPage from '../pages/projects-page';
import { W, fakeWorkspaceApi } from './fake-workspace-api';

/** /projects with its header actions inside the session wrapper, against the in-memory API. */
export function renderProjects(options: Parameters<typeof fakeWorkspaceApi>[0], path = `/projects?id=${W}`) {
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

/** A project's row by its name. */
export const row = (name: string) =>
  screen.getAllByTestId('project-row').find((item) => within(item).queryByRole('link', { name }))!;

/** Opens the "⋯" menu named after a project or folder. */
export async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Acciones de «${name}»` }));
  return screen.findByRole('menu');
}
