import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileMenuContent } from '@/app/layout/profile-menu';
import { useMembers } from '@/features/workspaces';
import { renderInSession, startAsAna } from '../../../test/session';
import { json } from '../../../test/render';
import { fakeTeamApi, PERSONAL_ID, W } from '../workspaces/test/fake-team-api';
import { useSession } from './session-context';

/** What a page shows of the session: the current workspace, and a load of its members. */
function CurrentWorkspace() {
  const { workspace } = useSession();
  const members = useMembers(workspace!.id);
  return (
    <>
      <p>current: {workspace!.name}</p>
      <p>{members.isError ? 'members failed' : `members: ${members.data?.members.length ?? '…'}`}</p>
      <button type="button" onClick={() => void members.refetch()}>
        reload members
      </button>
    </>
  );
}

describe('session: the current workspace disappears', () => {
  beforeEach(startAsAna);

  it('a 404 from the workspace reloads the list; without the workspace the app moves to the personal one and says why', async () => {
    window.localStorage.setItem('workspaceId', W);
    const team = fakeTeamApi({ ownerIsLuis: true });
    const { callsTo } = renderInSession([{ path: '/chat', element: <CurrentWorkspace /> }], team.handlers);
    expect(await screen.findByText('current: Agencia Norte')).toBeInTheDocument();
    expect(await screen.findByText('members: 2')).toBeInTheDocument();
    // The one reload 3 s after start happens first, so only the 404 can bring the next one.
    await waitFor(() => expect(callsTo('GET /api/workspace/list')).toHaveLength(2));
    const listLoads = callsTo('GET /api/workspace/list').length;

    // Luis removes Ana: the workspace answers 404 and leaves her list.
    team.state.left = true;
    team.handlers[`GET /api/workspace/${W}/members`] = () =>
      json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    await userEvent.click(screen.getByRole('button', { name: 'reload members' }));

    expect(
      await screen.findByText(
        'Ya no tienes acceso a «Agencia Norte». Ahora estás en tu espacio de trabajo personal.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('current: Espacio de Ana')).toBeInTheDocument();
    expect(callsTo('GET /api/workspace/list').length).toBeGreaterThan(listLoads);
    expect(window.localStorage.getItem('workspaceId')).toBe(PERSONAL_ID);
  });

  it('the profile menu lists every workspace with its plan and checks the current one', async () => {
    window.localStorage.setItem('workspaceId', W);
    renderInSession(
      [{ path: '/chat', element: <ProfileMenuContent /> }],
      fakeTeamApi({ ownerIsLuis: true }).handlers,
    );
    const list = within(await screen.findByRole('list', { name: 'Espacios de trabajo' }));
    const current = list.getByRole('button', { name: /Agencia Norte/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(current).toHaveTextContent('Plan Pro');
    const personal = list.getByRole('button', { name: /Espacio de Ana/ });
    expect(personal).not.toHaveAttribute('aria-current');
    expect(personal).toHaveTextContent('Plan gratuito');
    await userEvent.click(personal);
    expect(await list.findByRole('button', { name: /Espacio de Ana/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(window.localStorage.getItem('workspaceId')).toBe(PERSONAL_ID);
  });
});
