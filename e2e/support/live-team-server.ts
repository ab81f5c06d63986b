import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from '../fixtures.ts';
import { setUpTeam, type Team } from '../pages/live-team.ts';
import { freePort } from './free-port.ts';
import { repoRoot } from './paths.ts';
import { startServer, type RunningServer } from './server.ts';

const run = promisify(execFile);

/**
 * A Pro team (owner and teammate, each in their own browser, on a shared project) on a server of the
 * enclosing `test.describe`'s own, set up before its first test and closed after its last. The server
 * is its own because the operator command that makes the workspace Pro opens the server's PGlite
 * database, which only one process may hold: the server stops for it and starts again on its port.
 */
export function liveTeamServer(name: string) {
  let dataRoot = '';
  let port = 0;
  let server: RunningServer | undefined;
  let team: Team | undefined;

  const start = async () => {
    const smtpUrl = process.env.E2E_SMTP_URL;
    if (!smtpUrl) throw new Error('E2E_SMTP_URL is not set: run through playwright.config.ts');
    server = await startServer({
      dataDir: path.join(dataRoot, 'data'),
      smtpUrl,
      logFile: path.join(dataRoot, 'server.log'),
      port,
    });
    return server;
  };

  const makePro = async (workspaceId: string) => {
    await server?.stop();
    await run('npm', ['run', '--silent', 'admin', '--', 'set-plan', workspaceId, 'pro-monthly'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: path.join(dataRoot, 'data'), DATABASE_URL: '', REDIS_URL: '' },
    });
    await start();
  };

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    dataRoot = mkdtempSync(path.join(tmpdir(), `redacta-e2e-${name}-`));
    port = await freePort();
    const { url } = await start();
    team = await setUpTeam(browser, url, makePro);
  });
  test.afterAll(async () => {
    await team?.ownerContext.close();
    await team?.teammateContext.close();
    await server?.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  });

  return {
    get team(): Team {
      if (!team) throw new Error('the team is set up before the first test');
      return team;
    },
  };
}
