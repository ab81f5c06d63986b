import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DatabaseInUseError, lockDataDir } from '../../apps/server/src/db/data-dir-lock.ts';
import { test } from '../fixtures.ts';
import { repoRoot } from './paths.ts';
import { startServer, tail, type RunningServer } from './server.ts';

const webDist = path.join(repoRoot, 'apps/web/dist');
const run = promisify(execFile);

/** How long a stopped server may take to let go of its data: its drain's grace and margin, and more. */
const RELEASE_WAIT_MS = 60_000;

/**
 * Takes a stopped server's data directory the way a server takes it: a stopping server drains before
 * it lets go, and a lock left by a process that is gone is taken over. Answers the release. A server
 * still holding it after RELEASE_WAIT_MS fails the test with that server's log, which says why.
 */
async function holdData(dataDir: string, logFile: string): Promise<() => void> {
  const deadline = Date.now() + RELEASE_WAIT_MS;
  for (;;) {
    try {
      return lockDataDir(dataDir);
    } catch (error) {
      if (!(error instanceof DatabaseInUseError)) throw error;
      if (Date.now() > deadline) throw new Error(`${error.message}\n--- server log ---\n${tail(logFile)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * A server of the enclosing `test.describe`'s own, for what the shared one cannot show (another
 * configuration, a restart): started by `start` on one temporary DATA_DIR, mail going to the suite's
 * SMTP sink, stopped and removed after the last test. Starting again reopens the same data.
 * `admin([...], [...])` runs the operator command (`npm run admin -- …`) on that data, once per list of
 * arguments, in turn: the server stops for them, since only one process may hold its PGlite database,
 * and starts again on the same port (once: a start is seconds of CPU on CI's two cores).
 * `stopped(work)` stops the server and runs `work` on its data directory while holding it; starting
 * again is the caller's.
 */
export function ownServer(name: string) {
  let dataRoot = '';
  let server: RunningServer | undefined;
  let env: Record<string, string> | undefined;
  test.beforeAll(() => {
    dataRoot = mkdtempSync(path.join(tmpdir(), `redacta-e2e-${name}-`));
  });
  const dataDir = () => path.join(dataRoot, 'data');
  const logFile = () => path.join(dataRoot, 'server.log');
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  });
  const start = async (startEnv?: Record<string, string>): Promise<RunningServer> => {
    const smtpUrl = process.env.E2E_SMTP_URL;
    if (!smtpUrl) throw new Error('E2E_SMTP_URL is not set: run through playwright.config.ts');
    env = startEnv;
    server = await startServer({
      dataDir: dataDir(),
      smtpUrl,
      logFile: logFile(),
      // The web app global-setup's server serves, as it is: a source changed during the run must not
      // make this start rebuild it, emptying the folder the shared server is serving from.
      env: { WEB_DIST_DIR: webDist, ...env },
      port: server?.port,
    });
    return server;
  };
  const stopped = async <T>(work: (dataDir: string) => Promise<T>): Promise<T> => {
    await server?.stop();
    const release = await holdData(dataDir(), logFile());
    try {
      return await work(dataDir());
    } finally {
      release();
    }
  };
  const runAdmin = async (args: string[]): Promise<string> => {
    const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '', REDIS_URL: '' },
    });
    return stdout;
  };
  return {
    start,
    stopped,
    /** Runs each command on the stopped server's data, then starts it again; answers their outputs. */
    async admin(...commands: string[][]): Promise<string[]> {
      // Once the stopped server has let go of its data (held, then handed to the commands).
      await stopped(async () => {});
      const outputs: string[] = [];
      for (const args of commands) outputs.push(await runAdmin(args));
      await start(env);
      return outputs;
    },
  };
}
