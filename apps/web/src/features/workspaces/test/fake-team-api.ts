import type { Member, PendingInvitation, Workspace } from '@redacta/shared';
import { json, type ApiHandler } from '../../../../test/render';
import { anaInWorkspace, luis, me, WORKSPACE_ID as W, workspaceFixture } from '../../../../test/fixtures';

export { luis, me, W };

/** Ana's own free workspace: where the app goes when she leaves or loses a shared one. */
export const PERSONAL_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const personal = workspaceFixture({ id: PERSONAL_ID, name: 'Espacio de Ana', plan: 'free' });

/** Marta, invited to the team and not yet in it. */
export const marta = {
  id: '77777777-7777-4777-8777-777777777777',
  firstName: 'Marta',
  lastName: 'Ruiz',
  email: 'marta@ejemplo.com',
};

type FailingRoute = 'members' | 'pending' | 'remove' | 'revoke';

const error = (status: number, code: string) => json(status, { error: { code, message: code } });

/**
 * "Agencia Norte", a Pro workspace (3 seats) of Ana and Luis, with its members and pending
 * invitations kept in memory behind the real paths, so a page's reloads after each change show the
 * server's new state. Ana owns it unless `ownerIsLuis`; Luis is in it unless `alone`. `fail` answers
 * a route with the given error.
 */
export function fakeTeamApi(
  options: {
    ownerIsLuis?: boolean;
    /** The owner alone: no member yet (and no invitation unless `invitations` lists some). */
    alone?: boolean;
    plan?: Workspace['plan'];
    userSeats?: number;
    invitations?: Array<{ email: string; invitedBy: typeof luis }>;
    fail?: Partial<Record<FailingRoute, [number, string]>>;
    /** Answers to the invite route, in order (after them, it invites). */
    inviteAnswers?: Array<[number, string]>;
  } = {},
) {
  const [owner, member] = options.ownerIsLuis ? [luis, anaInWorkspace] : [anaInWorkspace, luis];
  const plan = options.plan ?? 'pro_monthly';
  const userSeats = options.userSeats ?? (plan === 'free' ? 0 : 3);
  const state = {
    members: [
      { ...owner, role: 'owner', joinedAt: '2026-11-01T00:00:00.000Z' },
      { ...member, role: 'member', joinedAt: '2026-11-10T00:00:00.000Z' },
    ].slice(0, options.alone ? 1 : 2) as Member[],
    invitations: (options.invitations ?? []).map((item, index): PendingInvitation => ({
      id: `55555555-5555-4555-8555-${String(index + 1).padStart(12, '0')}`,
      workspaceId: W,
      email: item.email,
      invitedBy: item.invitedBy,
      createdAt: '2026-11-20T00:00:00.000Z',
      expiresAt: '2026-11-27T00:00:00.000Z',
    })),
    left: false,
    /** Routes answering with an error, changeable while the test runs. */
    fail: { ...options.fail },
  };
  const inviteAnswers = [...(options.inviteAnswers ?? [])];
  const workspace = (): Workspace =>
    workspaceFixture({
      name: 'Agencia Norte',
      plan,
      userSeats,
      ownerId: owner.id,
      owner,
      invitedUsers: state.members
        .filter((item) => item.role === 'member')
        .map(({ id, firstName, lastName, email }) => ({ id, firstName, lastName, email })),
    });
  const failing = (route: FailingRoute) => {
    const answer = state.fail[route];
    return answer ? error(...answer) : null;
  };

  const handlers: Record<string, ApiHandler> = {
    'GET /api/workspace/list': () => json(200, state.left ? [personal] : [workspace(), personal]),
    [`GET /api/workspace/${W}/members`]: () =>
      failing('members') ??
      json(200, {
        members: state.members,
        userSeats,
        seatsUsed: state.members.length - 1 + state.invitations.length,
      }),
    [`GET /api/workspace/${W}/gpt-4/status`]: () =>
      json(200, {
        isGpt4TurnedOn: false,
        available: plan !== 'free',
        modelLabel: 'Demo writer+',
        activeModelLabel: 'Demo writer',
        demo: true,
        setupHelp: false,
      }),
    [`GET /api/workspace/${W}/pending-invitations`]: () => failing('pending') ?? json(200, state.invitations),
    [`PATCH /api/workspace/${W}/remove-invited-user/${member.id}`]: () => {
      const refused = failing('remove');
      if (refused) return refused;
      state.members = state.members.filter((item) => item.id !== member.id);
      return json(204);
    },
    [`POST /api/workspace/${W}/leave`]: () => {
      state.left = true;
      return json(204);
    },
    [`POST /api/workspace/${W}/invite`]: (body) => {
      const answer = inviteAnswers.shift();
      if (answer) return error(...answer);
      const invitation: PendingInvitation = {
        id: '55555555-5555-4555-8555-999999999999',
        workspaceId: W,
        email: (body as { email: string }).email,
        invitedBy: anaInWorkspace,
        createdAt: '2026-11-24T00:00:00.000Z',
        expiresAt: '2026-12-01T00:00:00.000Z',
      };
      state.invitations.push(invitation);
      return json(200, { invitation, resent: false });
    },
  };
  for (const invitation of state.invitations) {
    handlers[`POST /api/invitation-to-workspace/${invitation.id}/resend`] = () => json(200, invitation);
    handlers[`DELETE /api/invitation-to-workspace/${invitation.id}/revoke`] = () => {
      const refused = failing('revoke');
      if (refused) return refused;
      state.invitations = state.invitations.filter((item) => item.id !== invitation.id);
      return json(204);
    };
  }
  return { handlers, state, workspace };
}
