import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.ts';

/** The configuration docs/deploy.md publishes, used here as it is. */
export const publishedConfigPath = path.join(repoRoot, 'deploy/nginx/redacta.conf');

/**
 * Added to every answer by the test's main configuration (not the published file): the instance that
 * answered, so a test can tell where nginx sent a WebSocket (its 101 answer carries it too).
 */
export const UPSTREAM_HEADER = 'X-Redacta-Upstream';

/** Where the published file puts nginx and the two instances; the only text the test changes. */
const publishedListen = 'listen 80;';
const publishedInstances = ['127.0.0.1:3001', '127.0.0.1:3002'] as const;

/**
 * The published configuration with this run's ports: nginx on `listenPort` (loopback only) and the
 * upstream's two servers on `instancePorts`. Anything else in the file is kept byte for byte; a file
 * that no longer has exactly these three places fails here rather than running a different setup.
 */
export function siteConfig(listenPort: number, instancePorts: readonly [number, number]): string {
  let text = readFileSync(publishedConfigPath, 'utf8');
  const replaceOnce = (from: string, to: string) => {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`${publishedConfigPath} has "${from}" ${count} times, not once`);
    text = text.replace(from, to);
  };
  replaceOnce(publishedListen, `listen 127.0.0.1:${listenPort};`);
  publishedInstances.forEach((address, i) => replaceOnce(address, `127.0.0.1:${instancePorts[i]}`));
  return text;
}

function nginxBinary(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) {
    throw new Error(
      'nginx is not installed: `apt-get install nginx` (bash .ci/run does it), or set NGINX_PATH',
    );
  }
  return found;
}

export interface RunningNginx {
  url: string;
  /** nginx's error log so far, for failure messages. */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx as a process of the test's own, never the system's service: in the foreground, every file it
 * writes (pid, logs, temporary bodies) in `dir`, the site file included into a minimal main
 * configuration as a distribution's nginx.conf would include it. Resolves once it answers.
 */
export async function startNginx(options: {
  dir: string;
  listenPort: number;
  instancePorts: readonly [number, number];
}): Promise<RunningNginx> {
  const { dir, listenPort } = options;
  const sitePath = path.join(dir, 'redacta.conf');
  writeFileSync(sitePath, siteConfig(listenPort, options.instancePorts));
  const errorLogPath = path.join(dir, 'error.log');
  const mainPath = path.join(dir, 'nginx.conf');
  writeFileSync(
    mainPath,
    [
      'daemon off;',
      'worker_processes 1;',
      // Run as root (CI), the workers would otherwise switch to "nobody", who cannot write in `dir`.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${errorLogPath} notice;`,
      'events { worker_connections 1024; }',
      'http {',
      `    access_log ${path.join(dir, 'access.log')};`,
      // The site file must hold whatever the main configuration says: here, one that compresses every
      // JSON answer (the chat's NDJSON included) and buffers answers from upstreams.
      '    gzip on;',
      '    gzip_min_length 1;',
      '    gzip_types application/json application/x-ndjson text/plain;',
      '    proxy_buffering on;',
      `    add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `    ${kind}_temp_path ${path.join(dir, `${kind}-temp`)};`,
      ),
      `    include ${sitePath};`,
      '}',
      '',
    ].join('\n'),
  );

  const child: ChildProcess = spawn(nginxBinary(), ['-p', dir, '-c', mainPath, '-e', errorLogPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => {
    const log = existsSync(errorLogPath) ? readFileSync(errorLogPath, 'utf8') : '';
    return `${output}${log}`;
  };
  const url = `http://127.0.0.1:${listenPort}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${errorLog()}`);
    const answered = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer within 30 s:\n${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    errorLog,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
