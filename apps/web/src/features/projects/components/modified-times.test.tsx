import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { changeLocale } from '@/lib/i18n';
import { startAsAna } from '../../../../test/session';
import { project } from '../test/fake-workspace-api';
import { renderProjects, row } from '../test/render-projects';

/** A local moment in November 2026, as the API sends it. */
const at = (day: number, hour: number, minute: number, second = 0) =>
  new Date(2026, 10, day, hour, minute, second).toISOString();

const untitled = '24 nov 2026 Sin título';
const modifiedOf = (element: HTMLElement) => within(element).getByText(/^Modifi/).textContent;

describe('when a project was modified, in the list', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await startAsAna();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 15, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('tells same-named new projects apart by their time, today, yesterday and on a shared day', async () => {
    const projects = [
      project(untitled, { updatedAt: at(24, 10, 44, 31) }),
      project(untitled, { updatedAt: at(24, 10, 44, 7) }),
      project(untitled, { updatedAt: at(24, 10, 42) }),
      project('Boletín', { updatedAt: at(23, 18, 5) }),
      project('Campaña', { updatedAt: at(3, 11, 30) }),
      project('Guion', { updatedAt: at(3, 9, 15) }),
      project('Encuesta', { updatedAt: at(1, 12, 0) }),
    ];
    renderProjects({ folders: [], projects });
    await screen.findByRole('link', { name: 'Encuesta' });

    const rows = screen.getAllByTestId('project-row');
    expect(rows.map(modifiedOf)).toEqual([
      // One time style everywhere: hours and minutes, never seconds.
      'Modificado hoy, 10:44',
      'Modificado hoy, 10:44',
      'Modificado hoy, 10:42',
      'Modificado ayer, 18:05',
      'Modificado el 3 nov 2026, 11:30',
      'Modificado el 3 nov 2026, 09:15',
      // The only one that day: its date is enough.
      'Modificado el 1 nov 2026',
    ]);

    await act(() => changeLocale('en'));
    expect(modifiedOf(rows[0]!)).toMatch(/^Modified today, 10:44( AM)?$/);
    expect(modifiedOf(rows[2]!)).toMatch(/^Modified today, 10:42( AM)?$/);
    expect(modifiedOf(row('Boletín'))).toMatch(/^Modified yesterday, (18:05|06:05 PM)$/);
    expect(modifiedOf(row('Guion'))).toMatch(/^Modified (3 Nov|Nov 3), 2026, 09:15( AM)?$/);
    expect(modifiedOf(row('Encuesta'))).toMatch(/^Modified (1 Nov|Nov 1), 2026$/);
  });
});
