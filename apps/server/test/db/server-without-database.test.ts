import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { bundledServer } from '../../../../scripts/lib/server-bundle.mjs';
import { childServerEnv } from '../ops/child-server-env.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-lost-database-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string };
}

it('exits non-zero with a fatal log line when its database thread stops', async () => {
  // Node strips the fixture's types itself: it loads before the prebuilt server, without tsx.
  const [node, args] = await bundledServer(['--import', './fixtures/stop-database-thread-on-signal.ts']);
  const server = spawn(node, args, {
    cwd: here,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childServerEnv({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web-app') }),
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  let output = '';
  const lines: LogLine[] = [];
  let listening!: (url: string) => void;
  const address = new Promise<string>((resolve) => (listening = resolve));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let partial = '';
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const texts = (partial + chunk.toString()).split('\n');
    partial = texts.pop()!;
    for (const text of texts) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      const url = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(line.msg)?.[1];
      if (url) listening(url);
    }
  });
  try {
    const url = await Promise.race([
      address,
      exited.then((code) =>
        Promise.reject(new Error(`The server exited (${code}) before listening:\n${output}`)),
      ),
    ]);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    server.kill('SIGUSR2');
    const stillRunning = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 20_000));
    expect(await Promise.race([exited, stillRunning]), output).toBe(1);
    const fatal = lines.filter((line) => line.level === 60);
    expect(fatal, output).toEqual([
      expect.objectContaining({
        msg: 'the database stopped: exiting',
        err: expect.objectContaining({ message: expect.stringMatching(/database thread stopped/) }),
      }),
    ]);
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}, 120_000);
