import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { seedDataDir } from '../../scripts/lib/pglite-template.mjs';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';
import { repoRoot } from './paths.ts';

export interface ServerOptions {
  /** PGlite lives under it; reuse it to restart on the same data. */
  dataDir: string;
  smtpUrl: string;
  /** The server's output goes here (appended, so a restart keeps the earlier log). */
  logFile: string;
  port?: number;
  /** Long enough for a first web build. */
  readyTimeoutMs?: number;
  /** Extra environment for this server only (e.g. a small FREE_PLAN_WORDS); wins over the defaults. */
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the app exactly as `npm start` does (scripts/start.mjs: build the web app if stale, migrate,
 * serve), on a free port with its own DATA_DIR and mail going to the SMTP sink, and waits for /readyz.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  // A migrated database copied in, rather than one created and migrated by the server (seconds each).
  seedDataDir(options.dataDir);
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: options.dataDir,
      SMTP_URL: options.smtpUrl,
      // A developer's .env must not point the browser tests at a real database or Redis (an empty
      // value counts as unset, and variables already set win over the .env file).
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'info',
      // Every spec signs in from 127.0.0.1: keep the per-IP code limits out of the way.
      RATE_LIMIT_CODE_REQUESTS_PER_HOUR: '1000',
      RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN: '1000',
      // Webhook receivers (and pages to learn from) that specs start on this machine are reachable.
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      // The pricing page's Plan Enterprise offers to write here.
      ENTERPRISE_CONTACT_EMAIL: 'ventas@redacta.example',
      ...options.env,
    },
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitUntilReady(url, child, options.readyTimeoutMs ?? 180_000);
  } catch (error) {
    await stopProcess(child, exited);
    log.end();
    throw new Error(
      `${(error as Error).message}\n--- server log (${options.logFile}) ---\n${tail(options.logFile)}`,
    );
  }
  return {
    url,
    port,
    dataDir: options.dataDir,
    async stop() {
      await stopProcess(child, exited);
      log.end();
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before ${url}/readyz answered`,
      );
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url}/readyz did not answer within ${timeoutMs} ms`);
}

/** SIGTERM (start.mjs forwards it; the server closes the database), SIGKILL if it hangs. */
async function stopProcess(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

export function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
