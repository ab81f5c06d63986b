import { test } from '../fixtures.ts';
import { setUpTeam, type Team } from '../pages/live-team.ts';

/**
 * A Pro team (owner and teammate, each in their own browser, on a shared project) on the suite's
 * server, set up before the enclosing `test.describe`'s first test and closed after its last. The owner
 * buys Pro on the sandbox checkout, so no operator command needs the server stopped: a server of the
 * spec's own would cost two starts (seconds of CPU each on CI's two cores) for nothing the tests check.
 */
export function liveTeam() {
  let team: Team | undefined;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    // A test's baseURL fixture is not available to beforeAll: the suite's server, as fixtures.ts reads it.
    const baseURL = process.env.E2E_BASE_URL;
    if (!baseURL) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    team = await setUpTeam(browser, baseURL);
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
