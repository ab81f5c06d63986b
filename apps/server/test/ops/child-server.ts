import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { seedDataDir } from '../../../../scripts/lib/pglite-template.mjs';
import { codeFromMail } from '../helpers/login.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface ChildServer {
  process: ChildProcess;
  /** The public address, from the server's "listening" log line. */
  url: string;
  /** Every JSON log line so far. */
  lines: LogLine[];
  /** Everything it printed, for failure messages. */
  output: () => string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Resolves with the first log line (already written or still to come) that `match` accepts. */
  logged(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
}

/**
 * The real server in a process of its own on a free port, with the environment given, as a process
 * manager would run it: its entry (apps/server/src/main.ts) run directly, or `npm start` (which runs
 * it below scripts/start.mjs); resolves once it listens.
 */
export async function startChildServer(
  env: Record<string, string>,
  how: 'entry' | 'npm start' = 'entry',
): Promise<ChildServer> {
  // A migrated database copied in, rather than one created and migrated by the server (seconds each).
  if (env.DATA_DIR && !env.DATABASE_URL) seedDataDir(env.DATA_DIR);
  const [command, args] =
    how === 'entry'
      ? [process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')]]
      : ['npm', ['start']];
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const lines: LogLine[] = [];
  const waiters: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  let partial = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const texts = (partial + chunk.toString()).split('\n');
    partial = texts.pop()!;
    for (const text of texts) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (!waiter.match(line)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const logged = (match: (line: LogLine) => boolean, timeoutMs = 120_000) => {
    const seen = lines.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such log line:\n${output}`)), timeoutMs);
      waiters.push({
        match,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  };
  const listening = logged((line) => /^Server listening at http:\/\/127\.0\.0\.1:\d+$/.test(line.msg));
  const line = await Promise.race([
    listening,
    exited.then((code) =>
      Promise.reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    ),
  ]).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    process: child,
    url: line.msg.replace('Server listening at ', ''),
    lines,
    output: () => output,
    exited,
    logged,
  };
}

/** Whether a TCP connection to `host`:`port` is accepted (false when refused). */
export const acceptsConnection = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Signs up through the real routes (the code read from the SMTP sink): a bearer header and workspace. */
export async function signUpOver(url: string, sink: SmtpSink, email: string) {
  const json = { 'content-type': 'application/json' };
  const started = await fetch(`${url}/api/auth/email/start`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  expect(started.status).toBe(204);
  const code = codeFromMail((await sink.waitForMail(email)).text);
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ method: 'email', email, code }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  const list = await fetch(`${url}/api/workspace/list`, { headers: auth });
  const [workspace] = (await list.json()) as { id: string }[];
  return { auth, workspaceId: workspace!.id };
}

/** A new project in the workspace, through the API. */
export async function createProjectOver(url: string, auth: Record<string, string>, workspaceId: string) {
  const res = await fetch(`${url}/api/workspace/${workspaceId}/project`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
