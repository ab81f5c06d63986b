import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { startAsAna } from '../../../../test/session';
import { luis, project } from '../test/fake-workspace-api';
import { renderProjects } from '../test/render-projects';
import { PROJECT_LIST_POLL_MS } from '../api/use-project-list';

describe('the project list of a team', () => {
  beforeEach(startAsAna);

  it('shows a project a teammate shares while it is open, without a reload, within 2 s', async () => {
    const mine = project('Informe');
    const { state } = renderProjects({ folders: [], projects: [mine] });
    expect(await screen.findByRole('link', { name: 'Informe' })).toBeInTheDocument();

    // Luis shares his project: the server now lists it for Ana.
    state.projects.push(project('Plan de Luis', { createdBy: luis.id, isShared: true }));
    expect(PROJECT_LIST_POLL_MS).toBeLessThan(2_000);
    expect(await screen.findByRole('link', { name: 'Plan de Luis' }, { timeout: 2_000 })).toBeInTheDocument();
  });
});
