import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../../../test/render';
import { startAsAna } from '../../../../test/session';
import { storage, storageKeys } from '@/lib/storage';
import { SessionGate } from '@/features/session';
import { RecentProjects } from './recent-projects';
import { fakeWorkspaceApi, project } from '../test/fake-workspace-api';

describe('recent projects', { timeout: 20_000 }, () => {
  beforeEach(startAsAna);

  it('lists the five most recently updated, marks the open one, and opening one stores it', async () => {
    const projects = Array.from({ length: 7 }, (_, index) =>
      project(`Proyecto ${index + 1}`, { updatedAt: `2026-11-2${index}T10:00:00.000Z` }),
    );
    const api = fakeWorkspaceApi({ folders: [], projects });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const open = projects[5]!;
    const { router } = renderRoutes(
      [
        {
          path: '/chat',
          element: (
            <SessionGate>
              <RecentProjects />
            </SessionGate>
          ),
        },
      ],
      `/chat?project=${open.id}`,
    );
    const list = await screen.findByRole('region', { name: 'Recientes' });
    const links = await within(list).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Proyecto 7',
      'Proyecto 6',
      'Proyecto 5',
      'Proyecto 4',
      'Proyecto 3',
    ]);
    expect(screen.getByRole('link', { name: 'Proyecto 6' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Proyecto 7' })).not.toHaveAttribute('aria-current');
    expect(api.calls.some((call) => call.key.includes('/projects?sort=updatedAt&order=desc&limit=5'))).toBe(
      true,
    );

    await userEvent.click(screen.getByRole('link', { name: 'Proyecto 3' }));
    expect(router.state.location.search).toBe(`?project=${projects[2]!.id}`);
    expect(storage.get(storageKeys.projectId)).toBe(projects[2]!.id);
    expect(screen.getByRole('link', { name: 'Proyecto 3' })).toHaveAttribute('aria-current', 'page');
  });
});
