import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../../../test/render';
import { startAsAna } from '../../../../test/session';
import { storage, storageKeys } from '@/lib/storage';
import { changeLocale } from '@/lib/i18n';
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

  it('adds the time to names that repeat, so new projects can be told apart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 15, 0));
    try {
      const untitled = '24 nov 2026 Sin título';
      const projects = [
        project(untitled, { updatedAt: new Date(2026, 10, 24, 10, 43).toISOString() }),
        project(untitled, { updatedAt: new Date(2026, 10, 24, 10, 42, 50).toISOString() }),
        project(untitled, { updatedAt: new Date(2026, 10, 24, 10, 42, 9).toISOString() }),
        project(untitled, { updatedAt: new Date(2026, 10, 20, 9, 5).toISOString() }),
        project('Boletín', { updatedAt: new Date(2026, 10, 19, 12, 0).toISOString() }),
      ];
      vi.stubGlobal('fetch', vi.fn(fakeWorkspaceApi({ folders: [], projects }).fetch));
      renderRoutes(
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
        '/chat',
      );
      const list = await screen.findByRole('region', { name: 'Recientes' });
      const links = await within(list).findAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        `${untitled}, 10:43`,
        // One time style everywhere: hours and minutes, never seconds; dates with their year.
        `${untitled}, 10:42`,
        `${untitled}, 10:42`,
        `${untitled}, 20 nov 2026, 09:05`,
        'Boletín',
      ]);
      expect(links[0]).toHaveAttribute('title', `${untitled} · 10:43`);

      await act(() => changeLocale('en'));
      expect(links[1]!.textContent).toMatch(/^24 nov 2026 Sin título, 10:42( AM)?$/);
      expect(links[3]!.textContent).toMatch(
        /^24 nov 2026 Sin título, (20 Nov 2026|Nov 20, 2026), 09:05( AM)?$/,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
