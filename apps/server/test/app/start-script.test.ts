import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { seedDataDir } from '../../../../scripts/lib/pglite-template.mjs';
import { acceptsConnection } from '../ops/child-server.ts';
import { freePort } from '../helpers/free-port.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** One data directory for the file: the first start creates the database, the next ones reopen it. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Whether a process is still there (a zombie waiting for a parent to reap it counts as gone). */
function alive(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

function parentOf(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
}

/** Every process below `root`, read from /proc: npm, the start script and the server. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = parentOf(Number(entry));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** The version of the Node a process runs on, asked of its own executable. */
const nodeVersionOf = (pid: number) =>
  execFileSync(readlinkSync(`/proc/${pid}/exe`), ['--version'], { encoding: 'utf8' }).trim();

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

let started: { npm: ChildProcess; tree: number[] } | undefined;
afterEach(() => {
  // A failed test must not leave a server behind.
  for (const pid of started?.tree ?? []) if (alive(pid)) process.kill(pid, 'SIGKILL');
  started = undefined;
});

/** `npm start` on a free port (no web build: WEB_DIST_DIR names another one), once /readyz answers. */
async function npmStart(port: number) {
  seedDataDir(dataDir);
  let output = '';
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // The machine's own Node (20 on Debian) first, as a newcomer's shell has it: npm start still runs
      // the server on the project's Node 24.
      PATH: ['/usr/local/bin', '/usr/bin', process.env.PATH].join(path.delimiter),
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ready = await until(async () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => null,
    );
    return res?.ok ?? false;
  }, 110_000);
  expect(ready, `/readyz did not answer:\n${output}`).toBe(true);
  const tree = descendants(npm.pid!);
  started = { npm, tree };
  // npm, then the start script as its own child (no shell in between), then the server. Other
  // processes may sit below the server (tsx starts esbuild's service when its cache is cold).
  const listing = tree.map((pid) => `${pid} ${commandLine(pid)}`).join('\n');
  const startScript = tree.find((pid) => commandLine(pid).includes('scripts/start.mjs'));
  const server = tree.find((pid) => commandLine(pid).includes('apps/server/src/main.ts'));
  expect(startScript, `processes under npm:\n${listing}`).toBeDefined();
  expect(server, `processes under npm:\n${listing}`).toBeDefined();
  expect(parentOf(startScript!), `processes under npm:\n${listing}`).toBe(npm.pid);
  expect(parentOf(server!), `processes under npm:\n${listing}`).toBe(startScript);
  expect(nodeVersionOf(server!)).toMatch(/^v2[4-9]\./);
  return { npm, startScript: startScript!, server: server! };
}

describe('npm start', () => {
  // SIGTERM and SIGINT to npm are passed down to the server; npm killed outright leaves the start
  // script to a new parent, which it notices; the start script killed outright closes the server's
  // IPC channel, which the server notices.
  it.each([
    ['npm', 'SIGTERM'],
    ['npm', 'SIGINT'],
    ['npm', 'SIGKILL'],
    ['the start script', 'SIGKILL'],
  ] as const)(
    'stops the server and frees its port when %s gets %s',
    async (target, signal) => {
      const port = await freePort();
      const { npm, startScript, server } = await npmStart(port);
      process.kill(target === 'npm' ? npm.pid! : startScript, signal);
      expect(await until(() => !alive(server) && !alive(startScript), 10_000)).toBe(true);
      expect(await until(async () => !(await acceptsConnection(port, '127.0.0.1')), 2_000)).toBe(true);
      expect(await until(() => npm.exitCode !== null || npm.signalCode !== null, 2_000)).toBe(true);
    },
    120_000,
  );
});
