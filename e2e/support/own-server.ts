import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from '../fixtures.ts';
import { repoRoot } from './paths.ts';

const webDist = path.join(repoRoot, 'apps/web/dist');
import { startServer, type RunningServer } from './server.ts';

const run = promisify(execFile);

/**
 * A server of the enclosing `test.describe`'s own, for what the shared one cannot show (another
 * configuration, a restart): started by `start` on one temporary DATA_DIR, mail going to the suite's
 * SMTP sink, stopped and removed after the last test. Starting again reopens the same data.
 * `admin([...], [...])` runs the operator command (`npm run admin -- …`) on that data, once per list of
 * arguments, in turn: the server stops for them, since only one process may hold its PGlite database,
 * and starts again on the same port (once: a start is seconds of CPU on CI's two cores).
 */
export function ownServer(name: string) {
  let dataRoot = '';
  let server: RunningServer | undefined;
  let env: Record<string, string> | undefined;
  test.beforeAll(() => {
    dataRoot = mkdtempSync(path.join(tmpdir(), `redacta-e2e-${name}-`));
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  });
  const start = async (startEnv?: Record<string, string>): Promise<RunningServer> => {
    const smtpUrl = process.env.E2E_SMTP_URL;
    if (!smtpUrl) throw new Error('E2E_SMTP_URL is not set: run through playwright.config.ts');
    env = startEnv;
    server = await startServer({
      dataDir: path.join(dataRoot, 'data'),
      smtpUrl,
      logFile: path.join(dataRoot, 'server.log'),
      // The web app global-setup's server serves, as it is: a source changed during the run must not
      // make this start rebuild it, emptying the folder the shared server is serving from.
      env: { WEB_DIST_DIR: webDist, ...env },
      port: server?.port,
    });
    return server;
  };
  const runAdmin = async (args: string[]): Promise<string> => {
    // The stop can return while the server it started still holds the database for a moment (the
    // command then says it is in use): the command is tried again for a few seconds.
    for (let attempt = 1; ; attempt++) {
      try {
        const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: path.join(dataRoot, 'data'), DATABASE_URL: '', REDIS_URL: '' },
        });
        return stdout;
      } catch (error) {
        if (attempt === 10 || !String(error).includes('is in use')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  };
  return {
    start,
    /** Runs each command on the stopped server's data, then starts it again; answers their outputs. */
    async admin(...commands: string[][]): Promise<string[]> {
      await server?.stop();
      const outputs: string[] = [];
      for (const args of commands) outputs.push(await runAdmin(args));
      await start(env);
      return outputs;
    },
  };
}
