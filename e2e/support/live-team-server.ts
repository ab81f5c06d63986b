import { test } from '../fixtures.ts';
import { setUpTeam, type Team } from '../pages/live-team.ts';
import { ownServer } from './own-server.ts';

/**
 * A Pro team (owner and teammate, each in their own browser, on a shared project) on a server of the
 * enclosing `test.describe`'s own, set up before its first test and closed after its last. The server
 * is its own because the operator command that makes the workspace Pro opens the server's PGlite
 * database, which only one process may hold (`ownServer`).
 */
export function liveTeamServer(name: string) {
  const server = ownServer(name);
  let team: Team | undefined;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    const { url } = await server.start();
    team = await setUpTeam(browser, url, async (workspaceId) => {
      await server.admin('set-plan', workspaceId, 'pro-monthly');
    });
  });
  test.afterAll(async () => {
    await team?.ownerContext.close();
    await team?.teammateContext.close();
  });

  return {
    get team(): Team {
      if (!team) throw new Error('the team is set up before the first test');
      return team;
    },
  };
}
