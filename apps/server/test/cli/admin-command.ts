import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDataDir } from '../../../../scripts/lib/pglite-template.mjs';
import { bundledServer } from '../../../../scripts/lib/server-bundle.mjs';
import { serverNodeFlags } from '../../../../scripts/lib/server-memory.mjs';
import { createPostgresDatabase } from '../helpers/postgres-database.ts';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { runAdmin, type AdminDependencies } from '../../src/cli/run-admin.ts';
import { openDatabase } from '../../src/db/client.ts';
import { freePort } from '../helpers/free-port.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- <args>` as an operator types it, in the repository, with `env` added. */
export function spawnAdmin(args: readonly string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The command in this process, what it writes caught as a child's output is: the arguments, messages
 * and exit codes of `npm run admin` without the cost of starting one.
 */
export async function runAdminInProcess(
  args: readonly string[],
  dependencies: AdminDependencies,
): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(
    args,
    { stdout: { write: (text) => (stdout += text) }, stderr: { write: (text) => (stderr += text) } },
    dependencies,
  );
  return { code, stdout, stderr };
}

/**
 * Where the command and the server meet: PGlite in a temporary DATA_DIR by default; with
 * TEST_DATABASE_URL a PostgreSQL database of its own (named so that the suite's teardown drops it).
 */
export interface Backend {
  kind: 'pglite' | 'postgres';
  /** What the command and the server are started with. */
  env: Record<string, string>;
  dataDir: string;
  /** The real app on this database, as a running server has it; `close` closes both. */
  serve(): Promise<{ app: App; close(): Promise<void> }>;
  dispose(): Promise<void>;
}

export async function createBackend(): Promise<Backend> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-admin-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (baseUrl) {
    const run = process.env.REDACTA_TEST_RUN ?? `${process.pid}_${Date.now().toString(36)}`;
    const database = await createPostgresDatabase(
      baseUrl,
      `redacta_test_${run}_admin_${randomUUID().slice(0, 8)}`,
    );
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  // PGlite: a copy of the migrated template, rather than a database created and migrated here.
  if (!databaseUrl) seedDataDir(dataDir);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'silent',
    // Access tokens made for the test users stay valid each time the app is opened again.
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  return {
    kind: databaseUrl ? 'postgres' : 'pglite',
    env,
    dataDir,
    async serve() {
      const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent-web-dist', ...env });
      const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dataDir });
      const app = await buildApp({ config, database });
      await app.ready();
      return {
        app,
        close: async () => {
          await app.close();
          await database.close();
        },
      };
    },
    async dispose() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's own entry (as `npm start` runs it, prebuilt) on the backend, once it says it is running. */
export async function startServer(backend: Backend): Promise<ChildProcess> {
  const port = await freePort();
  const [command, args] = await bundledServer(serverNodeFlags);
  const server = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...backend.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Redacta is running')) resolve();
    };
    server.stdout!.on('data', read);
    server.stderr!.on('data', read);
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it ran:\n${output}`)));
  });
  return server;
}

export function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}
