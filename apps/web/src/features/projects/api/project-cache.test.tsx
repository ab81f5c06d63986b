import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { json, renderRoutes } from '../../../../test/render';
import { startAsAna } from '../../../../test/session';
import { ChatTitle } from '@/features/chat';
import { SessionGate } from '@/features/session';
import { RecentProjects } from '../components/recent-projects';
import ProjectsPage from '../pages/projects-page';
import { W, fakeWorkspaceApi, project } from '../test/fake-workspace-api';
import { openMenu } from '../test/render-projects';

/**
 * The chat (its header), the sidebar and the projects page against one in-memory API. `GET
 * /api/project/{id}` answers from the same state until `holdProject()`: after that it never answers,
 * so the chat header can only show what the cache already holds.
 */
function renderWorkspace() {
  const open = project('Campaña de otoño');
  const api = fakeWorkspaceApi({ folders: [], projects: [open] });
  let answerProject = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const one = (init.method ?? 'GET') === 'GET' ? url.match(/^\/api\/project\/([^/?]+)$/) : null;
      if (!one) return api.fetch(url, init);
      if (!answerProject) return new Promise<Response>(() => {});
      const found = api.state.projects.find((item) => item.id === one[1]);
      return found ? json(200, found) : json(404, { error: { code: 'NOT_FOUND', message: 'gone' } });
    }),
  );
  const rendered = renderRoutes(
    [
      {
        path: '/chat',
        element: (
          <SessionGate>
            <ChatTitle />
            <RecentProjects />
            <Toaster />
          </SessionGate>
        ),
      },
      {
        path: '/projects',
        element: (
          <SessionGate>
            <ProjectsPage />
            <Toaster />
          </SessionGate>
        ),
      },
    ],
    `/chat?project=${open.id}`,
  );
  return { ...rendered, open, holdProject: () => (answerProject = false) };
}

const recent = () => screen.findByRole('region', { name: 'Recientes' });

describe('one cache for a project’s name', { timeout: 20_000 }, () => {
  beforeEach(startAsAna);

  it('a rename in the chat header reaches the sidebar and the projects page', async () => {
    const { router } = renderWorkspace();
    expect(await within(await recent()).findByRole('link', { name: 'Campaña de otoño' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Campaña de otoño/ }));
    const input = screen.getByRole('textbox', { name: 'Nombre del proyecto' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Campaña de invierno{Enter}');

    expect(
      await within(await recent()).findByRole('link', { name: 'Campaña de invierno' }),
    ).toBeInTheDocument();
    await act(() => router.navigate(`/projects?id=${W}`));
    expect(await screen.findByRole('link', { name: 'Campaña de invierno' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Campaña de otoño' })).not.toBeInTheDocument();
  });

  it('a rename on the projects page is the name the chat header shows on return', async () => {
    const { router, open, holdProject } = renderWorkspace();
    expect(await screen.findByRole('button', { name: /Campaña de otoño/ })).toBeInTheDocument();

    await act(() => router.navigate(`/projects?id=${W}`));
    await userEvent.click(
      within(await openMenu('Campaña de otoño')).getByRole('menuitem', { name: 'Cambiar nombre' }),
    );
    const input = await screen.findByRole('textbox', { name: 'Nombre del proyecto' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Campaña de invierno{Enter}');
    expect(await screen.findByRole('link', { name: 'Campaña de invierno' })).toBeInTheDocument();

    // Back in the chat the project is not fetched again in time: the header shows the cached entry.
    holdProject();
    await act(() => router.navigate(`/chat?project=${open.id}`));
    expect(await screen.findByRole('button', { name: /Campaña de invierno/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Campaña de otoño/ })).not.toBeInTheDocument();
  });
});
