import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { acceptsConnection, startChildServer, type ChildServer } from '../ops/child-server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-listen-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let server: ChildServer | undefined;
afterEach(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  server = undefined;
});

/**
 * Every address of 127.0.0.0/8 is this machine: a server listening on all interfaces accepts a
 * connection to 127.0.0.2, one listening on 127.0.0.1 only refuses it.
 */
const acceptsOn127002 = (port: number) => acceptsConnection(port, '127.0.0.2');
const portOf = (url: string) => Number(new URL(url).port);
const runningLine = (s: ChildServer) => s.logged((line) => line.msg.startsWith('Redacta is running at'));
/** A child server starts as `npm start` does: ~15 s alone, longer beside other test files. */
const STARTS_WITHIN_MS = 120_000;

it(
  'with no HOST listens on 127.0.0.1 only, and its running line says how to open it to the network',
  async () => {
    // An empty HOST is unset (as a copied .env.example leaves it).
    server = await startChildServer({ HOST: '', DATA_DIR: dataDir });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await acceptsOn127002(portOf(server.url))).toBe(false);
    expect((await runningLine(server)).msg).toContain('set HOST=0.0.0.0 to open it to the network');
  },
  STARTS_WITHIN_MS,
);

it(
  'HOST=0.0.0.0 opens it to every interface, and the running line has nothing to add',
  async () => {
    server = await startChildServer({ HOST: '0.0.0.0', DATA_DIR: dataDir });
    expect(await acceptsOn127002(portOf(server.url))).toBe(true);
    expect((await runningLine(server)).msg).not.toContain('HOST=');
  },
  STARTS_WITHIN_MS,
);
