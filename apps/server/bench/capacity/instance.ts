/**
 * One Redacta instance for the capacity, soak and throughput benchmarks, run as production runs it: the
 * real server entry (src/main.ts, what `npm start` spawns) in a process of its own, NODE_ENV=production,
 * request logs at info, metrics on a port of their own, mail to a local SMTP sink, the model at a local
 * OpenAI-protocol peer. Its database is seeded before the server opens it (PGlite locks its directory):
 * PGlite in a temporary DATA_DIR, or with `--database postgres` (or BENCH_DATABASE_URL) a throwaway
 * database on that PostgreSQL server. Sign-ins go through the e-mail code routes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../../../scripts/lib/server-memory.mjs';
import { openDatabase, type Db } from '../../src/db/client.ts';
import { startSmtpSink } from '../../test/helpers/smtp-sink.ts';
import { waitUntilReady } from '../stream/processes.ts';
import { createThrowawayDatabase } from '../stream/postgres.ts';
import { processCpuMs, processRssBytes } from '../stream/processes.ts';
import { benchServerEnv } from '../../test/ops/child-server-env.ts';
import { freePort } from '../../test/helpers/free-port.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_POSTGRES = 'postgres://root@127.0.0.1:5432/postgres';

export type DatabaseKind = 'pglite' | 'postgres';

/** `--database pglite|postgres` on the command line; BENCH_DATABASE_URL alone also means PostgreSQL. */
export function databaseFromArgs(argv: string[] = process.argv.slice(2)): DatabaseKind {
  const index = argv.indexOf('--database');
  const value = index >= 0 ? argv[index + 1] : process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  if (value !== 'pglite' && value !== 'postgres') throw new Error('--database takes pglite or postgres');
  return value;
}

/** The number after `--name` on the command line, or `fallback`. */
export function numberArg(name: string, fallback: number, argv: string[] = process.argv.slice(2)): number {
  const index = argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

export interface SignedIn {
  accessToken: string;
  /** `redacta_refresh=…`, for GET /api/auth/refresh. */
  refreshCookie: string;
}

export interface Instance<Seeded> {
  url: string;
  pid: number;
  database: DatabaseKind;
  seeded: Seeded;
  /** Resident memory of the server process (VmRSS), in bytes. */
  rssBytes(): number;
  /** CPU the server process has used so far (user + system), in milliseconds. */
  cpuMs(): number;
  /** The server's Prometheus metrics, each name summed over its labels. */
  metrics(): Promise<Map<string, number>>;
  /** Server log lines at error level or worse since it started. */
  errorLines: string[];
  /** How the server process ended, with the end of its output, if it has ended. */
  exited(): string | null;
  signIn(email: string): Promise<SignedIn>;
  stop(): Promise<void>;
}

export interface InstanceOptions<Seeded> {
  database: DatabaseKind;
  /** Writes the benchmark's data before the server starts. */
  seed(db: Db): Promise<Seeded>;
  /** The model peer's base URL (ends with /v1). */
  modelUrl: string;
  /** Added to (or overriding) the production-like environment. */
  env?: Record<string, string>;
}

/**
 * GET on a connection of its own: a kept-alive connection that the other side closes as idle can be
 * reused at that very moment and reset, and a reset scrape is not what is measured.
 */
function getText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (data: string) => (text += data));
      res.on('end', () => resolve(text));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** A server's /metrics scraped: each series' value by name, the labels' values summed. */
export async function scrapeMetrics(url: string): Promise<Map<string, number>> {
  return parseMetrics(await getText(url));
}

function parseMetrics(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const value = Number(match[2]);
    if (Number.isFinite(value)) values.set(match[1]!, (values.get(match[1]!) ?? 0) + value);
  }
  return values;
}

export async function startInstance<Seeded>(options: InstanceOptions<Seeded>): Promise<Instance<Seeded>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-bench-capacity-'));
  const throwaway =
    options.database === 'postgres'
      ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES)
      : null;
  const seedDb = await openDatabase({ dataDir, databaseUrl: throwaway?.url });
  const seeded = await options.seed(seedDb.db);
  await seedDb.close();

  const sink = await startSmtpSink();
  const [port, metricsPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags, '--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: benchServerEnv(url, {
        DATA_DIR: dataDir,
        DATABASE_URL: throwaway?.url ?? '',
        SMTP_URL: sink.url,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
        OPENAI_BASE_URL: options.modelUrl,
        OPENAI_API_KEY: 'bench',
        AI_MODEL: 'bench',
        ...options.env,
      }),
    },
  );
  // Never leave a server behind, even when the benchmark itself fails.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const errorLines: string[] = [];
  let recentOutput = '';
  const watch = (stream: NodeJS.ReadableStream) => {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (data: string) => {
      const lines = (partial + data).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        // pino levels: 50 error, 60 fatal. Anything not JSON (a crash's stack) counts as an error too.
        const level = /^\{"level":(\d+)/.exec(line)?.[1];
        if ((level === undefined && line.trim()) || Number(level) >= 50) errorLines.push(line);
      }
      recentOutput = (recentOutput + data).slice(-4000);
    });
  };
  watch(child.stdout!);
  watch(child.stderr!);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await waitUntilReady(url, child, 120_000, () => recentOutput);

  return {
    url,
    pid: child.pid!,
    database: options.database,
    seeded,
    errorLines,
    rssBytes: () => processRssBytes(child.pid!),
    cpuMs: () => processCpuMs(child.pid!),
    metrics: () => scrapeMetrics(`http://127.0.0.1:${metricsPort}/metrics`),
    exited: () =>
      child.exitCode === null && child.signalCode === null
        ? null
        : `exit code ${child.exitCode}, signal ${child.signalCode}; its last output:\n${recentOutput}`,
    async signIn(email) {
      const mailsBefore = sink.mails.length;
      const started = await fetch(`${url}/api/auth/email/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (started.status !== 204) throw new Error(`email/start answered ${started.status}`);
      const find = () => sink.mails.slice(mailsBefore).find((mail) => mail.to.includes(email));
      let mail = find();
      for (let waited = 0; !mail && waited < 30_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        mail = find();
      }
      const code = mail?.text.match(/^(\d{6})$/m)?.[1];
      if (!code) throw new Error(`no sign-in code mailed to ${email}`);
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'email', email, code }),
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
      const refreshCookie = login.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('redacta_refresh='))
        ?.split(';')[0];
      if (!refreshCookie) throw new Error('login set no refresh cookie');
      const { accessToken } = (await login.json()) as { accessToken: string };
      return { accessToken, refreshCookie };
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      process.removeListener('exit', killOnExit);
      await sink.close();
      await throwaway?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The 1-, 5- and 15-minute load averages of this machine (other work shares its cores). */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
