/**
 * The server under measurement, started the way `npm start` starts it (scripts/start.mjs builds the
 * web app if stale, migrates, serves it) in production mode on a free port, with mail going to a local
 * SMTP sink so the benchmark signs in through the real e-mail code routes.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/helpers/smtp-sink.ts';
import { waitUntilReady } from '../../apps/server/bench/stream/processes.ts';
import { benchServerEnv } from '../../apps/server/test/ops/child-server-env.ts';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  url: string;
  /** Signs `email` in through the e-mail code routes (a new session each time: a refresh cookie is used once). */
  signIn(email: string): Promise<SignedIn>;
  stop(): Promise<void>;
}

export interface SignedIn {
  cookie: SessionCookie;
  accessToken: string;
}

export interface SessionCookie {
  name: string;
  value: string;
  path: string;
  secure: boolean;
}

export async function startBenchServer(dataDir: string): Promise<BenchServer> {
  const sink: SmtpSink = await startSmtpSink();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: benchServerEnv(url, {
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      // BENCH_WEB_DIST_DIR=<dir>: a web build made elsewhere, to compare two builds on the same data;
      // without it the server serves (and builds if needed) apps/web/dist.
      WEB_DIST_DIR: process.env.BENCH_WEB_DIST_DIR ?? '',
      LOG_LEVEL: 'warn',
    }),
  });
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await waitUntilReady(url, child, 300_000, () => output);

  return {
    url,
    async signIn(email) {
      const mailsBefore = sink.mails.length;
      const started = await fetch(`${url}/api/auth/email/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (started.status !== 204) throw new Error(`email/start answered ${started.status}`);
      let mail = sink.mails.slice(mailsBefore).find((m) => m.to.includes(email));
      for (let waited = 0; !mail && waited < 10_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        mail = sink.mails.slice(mailsBefore).find((m) => m.to.includes(email));
      }
      const code = mail?.text.match(/^(\d{6})$/m)?.[1];
      if (!code) throw new Error(`no sign-in code mailed to ${email}`);
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'email', email, code }),
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
      const setCookie = login.headers.getSetCookie().find((cookie) => cookie.startsWith('redacta_refresh='));
      if (!setCookie) throw new Error('login set no refresh cookie');
      const [pair, ...attributes] = setCookie.split(';').map((part) => part.trim());
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      const cookiePath = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const secure = attributes.some((a) => a.toLowerCase() === 'secure');
      const { accessToken } = (await login.json()) as { accessToken: string };
      return { cookie: { name, value, path: cookiePath, secure }, accessToken };
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await sink.close();
    },
  };
}
