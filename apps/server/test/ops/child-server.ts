import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, expect } from 'vitest';
import { seedDataDir } from '../../../../scripts/lib/pglite-template.mjs';
import { bundledServer } from '../../../../scripts/lib/server-bundle.mjs';
import { serverNodeFlags } from '../../../../scripts/lib/server-memory.mjs';
import { childServerEnv } from './child-server-env.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { codeFromMail } from '../helpers/login.ts';
import { startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createPostgresDatabase } from '../helpers/postgres-database.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

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
 * manager would run it: its entry (apps/server/src/main.ts, prebuilt by scripts/lib/server-bundle.mjs)
 * run directly, or `npm start` (which runs it below scripts/start.mjs); resolves once it listens.
 */
export async function startChildServer(
  env: Record<string, string>,
  how: 'entry' | 'npm start' = 'entry',
): Promise<ChildServer> {
  // A migrated database copied in, rather than one created and migrated by the server (seconds each).
  if (env.DATA_DIR && !env.DATABASE_URL) seedDataDir(env.DATA_DIR);
  const [command, args] = how === 'entry' ? await bundledServer(serverNodeFlags) : ['npm', ['start']];
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childServerEnv(env),
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

/**
 * What a test file of child servers needs, cleaned up for it: a data directory of its own (removed once
 * the file is done; `dataDir`), and the OpenAI peers, SMTP sinks and servers its tests start (closed, or killed,
 * after each test). `database()` is PGlite in that directory by default; with TEST_DATABASE_URL, a
 * PostgreSQL database named like the worker databases, so the suite's teardown drops it. `name` tells
 * the file's directory and database apart from the others'.
 */
export function childServerRun(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `redacta-${name}-`));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let peers: OpenAIPeer[] = [];
  let sinks: SmtpSink[] = [];
  let servers: ChildServer[] = [];
  afterEach(async () => {
    for (const server of servers) if (server.process.exitCode === null) server.process.kill('SIGKILL');
    await Promise.all([...peers, ...sinks].map((service) => service.close()));
    [peers, sinks, servers] = [[], [], []];
  });
  return {
    dataDir,
    async database(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
      const baseUrl = process.env.TEST_DATABASE_URL;
      if (!baseUrl) return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
      const { url } = await createPostgresDatabase(
        baseUrl,
        `redacta_test_${process.env.REDACTA_TEST_RUN ?? process.pid}_${name.replaceAll('-', '_')}`,
      );
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: url },
        open: () => openDatabase({ databaseUrl: url, dataDir: null }),
      };
    },
    async openAIPeer(...script: Parameters<typeof startOpenAIPeer>) {
      const peer = await startOpenAIPeer(...script);
      peers.push(peer);
      return peer;
    },
    async smtpSink() {
      const sink = await startSmtpSink();
      sinks.push(sink);
      return sink;
    },
    async server(...args: Parameters<typeof startChildServer>) {
      const server = await startChildServer(...args);
      servers.push(server);
      return server;
    },
  };
}
